import { describe, expect, it } from "vitest";
import { fallbackDisplayName, fallbackUser } from "./session.ts";

describe("session fallback", () => {
  it("names the user after the e-mail local part, else the display name, else 'Utente'", () => {
    expect(fallbackDisplayName("giulia.b@posta.it", "Giulia Bianchi")).toBe("giulia.b");
    expect(fallbackDisplayName(null, "Giulia Bianchi")).toBe("Giulia Bianchi");
    expect(fallbackDisplayName("", "  Giulia ")).toBe("Giulia");
    expect(fallbackDisplayName("@posta.it", undefined)).toBe("Utente");
    expect(fallbackDisplayName(undefined, "  ")).toBe("Utente");
    expect(fallbackDisplayName(null, null)).toBe("Utente");
  });

  it("builds a customer fallback user", () => {
    expect(fallbackUser({ uid: "u1", email: "anna@x.it", displayName: null })).toEqual({
      id: "u1",
      uid: "u1",
      email: "anna@x.it",
      displayName: "anna",
      userType: "customer",
      isFallback: true,
    });
    expect(fallbackUser({ uid: "u2" }).displayName).toBe("Utente");
  });
});
