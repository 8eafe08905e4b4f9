import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { emulatorAppCheckToken } from "./emulator-app-check-token";

// firebase-functions' own decoder, the one the Functions emulator runs on the App Check header
// (skipTokenVerification). Not in the package's exports, so it is loaded by file path.
const require = createRequire(import.meta.url);
const functionsLib = require.resolve("firebase-functions").split("/lib/")[0];
const { unsafeDecodeAppCheckToken } = require(`${functionsLib}/lib/common/providers/https.js`) as {
  unsafeDecodeAppCheckToken: (token: string) => Record<string, unknown>;
};

describe("the emulators' App Check token", () => {
  const now = Date.UTC(2025, 0, 15, 10, 0, 0);
  const firebase = {
    projectId: "demo-vicino",
    apiKey: "demo-api-key",
    authDomain: "demo-vicino.firebaseapp.com",
  };

  it("is an unsigned JWT the Functions emulator decodes into the app's identity", () => {
    const { token } = emulatorAppCheckToken(firebase, now);
    const [header, , signature] = token.split(".");
    expect(JSON.parse(Buffer.from(header ?? "", "base64url").toString())).toEqual({
      alg: "none",
      typ: "JWT",
    });
    expect(signature).toBe("");
    expect(unsafeDecodeAppCheckToken(token)).toMatchObject({
      app_id: "1:000000000000:web:demo-vicino",
      sub: "1:000000000000:web:demo-vicino",
      aud: expect.arrayContaining(["projects/demo-vicino"]),
      iss: "https://firebaseappcheck.googleapis.com/demo-vicino",
      iat: now / 1000,
      exp: now / 1000 + 3600,
    });
  });

  it("lasts one hour and names the configured web app", () => {
    const token = emulatorAppCheckToken({ ...firebase, appId: "1:42:web:abc", messagingSenderId: "42" }, now);
    expect(token.expireTimeMillis).toBe(now + 60 * 60 * 1000);
    expect(unsafeDecodeAppCheckToken(token.token)).toMatchObject({
      app_id: "1:42:web:abc",
      aud: ["projects/42", "projects/demo-vicino"],
      iss: "https://firebaseappcheck.googleapis.com/42",
    });
  });
});
