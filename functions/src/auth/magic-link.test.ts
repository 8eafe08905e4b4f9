import type { CallableRequest } from "firebase-functions/https";
import { describe, expect, it } from "vitest";
import { createMagicLink, magicLinkUrl, normalizeEmail, verifyMagicLink } from "./magic-link";

function request<T>(data: T): CallableRequest<T> {
  const rawRequest = { ip: "203.0.113.9", headers: {} } as unknown as CallableRequest<T>["rawRequest"];
  return { data, rawRequest, acceptsStreaming: false };
}

async function rejection(promise: Promise<unknown>): Promise<{ code?: unknown; message?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: unknown; message?: unknown };
  }
  throw new Error("expected a rejection");
}

describe("createMagicLink input", () => {
  it("refuses a malformed e-mail with the Italian message", async () => {
    const error = await rejection(createMagicLink.run(request({ email: "nope", userType: "customer" })));
    expect(error).toMatchObject({ code: "invalid-argument", message: "Formato email non valido." });
  });

  it("refuses an unknown user type", async () => {
    const error = await rejection(createMagicLink.run(request({ email: "a@example.it", userType: "admin" })));
    expect(error).toMatchObject({ code: "invalid-argument" });
  });
});

describe("verifyMagicLink input", () => {
  it("says the token is missing for an empty or absent token", async () => {
    for (const data of [{ token: "" }, { token: "   " }, {}]) {
      const error = await rejection(verifyMagicLink.run(request(data)));
      expect(error).toMatchObject({ code: "invalid-argument", message: "Link non valido: token mancante" });
    }
  });

  it("refuses a malformed token before any lookup", async () => {
    const error = await rejection(verifyMagicLink.run(request({ token: "abc" })));
    expect(error).toMatchObject({ code: "failed-precondition", message: "Token non valido o scaduto" });
  });
});

describe("magic-link helpers", () => {
  it("lowercases addresses and builds the SPA link", () => {
    expect(normalizeEmail("  Anna@Example.IT ")).toBe("anna@example.it");
    expect(magicLinkUrl("http://127.0.0.1:5173", "a-b_c")).toBe(
      "http://127.0.0.1:5173/magic-link-auth?token=a-b_c",
    );
  });

  it("are callables in europe-west8", () => {
    expect(createMagicLink.__endpoint.region).toEqual(["europe-west8"]);
    expect(verifyMagicLink.__endpoint.callableTrigger).toBeDefined();
  });
});
