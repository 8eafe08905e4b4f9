import { describe, expect, it } from "vitest";
import { VALIDATION_MESSAGES } from "../core/common-messages";
import { httpsUrlSchema, isHttpsUrl } from "../core/fields";
import { newUserInputSchema, userSchema } from "./user";

// URL fields hold https URLs only, so a stored link can never run script or load over http.

const REFUSED = [
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
  "http://example.it/a.png",
  "//example.it/a.png",
  "/relative.png",
  "https://",
  "https://user:pass@example.it/a.png",
  "ftp://example.it/a.png",
  `https://example.it/${"a".repeat(2048)}`,
];

describe("httpsUrlSchema", () => {
  it("accepts https URLs", () => {
    expect(isHttpsUrl("https://lh3.googleusercontent.com/a/photo=s96-c")).toBe(true);
    expect(httpsUrlSchema.parse(" https://example.it/img.png ")).toBe("https://example.it/img.png");
  });

  it("refuses every other scheme, relative URLs and credentials, with the Italian message", () => {
    for (const url of REFUSED) {
      const result = httpsUrlSchema.safeParse(url);
      expect(result.success, url).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.invalidUrl);
    }
  });
});

describe("URL fields of the documents", () => {
  const user = {
    id: "u1",
    uid: "u1",
    email: "anna@example.it",
    displayName: "Anna",
    userType: "customer",
    isVerified: true,
  };

  it("photoURL: https only, null allowed", () => {
    expect(
      newUserInputSchema.safeParse({ ...user, photoURL: "https://lh3.googleusercontent.com/a" }).success,
    ).toBe(true);
    expect(newUserInputSchema.safeParse({ ...user, photoURL: null }).success).toBe(true);
    expect(newUserInputSchema.safeParse({ ...user, photoURL: "javascript:alert(1)" }).success).toBe(false);
    const stored = { ...user, createdAt: new Date() };
    expect(userSchema.safeParse({ ...stored, photoURL: "http://example.it/a.png" }).success).toBe(false);
    expect(userSchema.safeParse({ ...stored, photoURL: "https://example.it/a.png" }).success).toBe(true);
  });
});
