import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env-schema";

describe("parseEnv", () => {
  it("defaults to the demo project on the local emulators", () => {
    const env = parseEnv({ DEV: true });
    expect(env.firebase.projectId).toBe("demo-vicino");
    expect(env.functionsRegion).toBe("europe-west8");
    expect(env.emulators).toEqual({
      auth: { host: "127.0.0.1", port: 9099, url: "http://127.0.0.1:9099" },
      firestore: { host: "127.0.0.1", port: 8080 },
      functions: { host: "127.0.0.1", port: 5001 },
    });
  });

  it("keeps a demo project on the emulators even in a production build", () => {
    expect(parseEnv({ DEV: false }).emulators).toBeDefined();
  });

  it("reads emulator ports from strings, as Vite provides them", () => {
    const env = parseEnv({ DEV: true, VITE_FIRESTORE_EMULATOR_PORT: "18080", VITE_USE_EMULATORS: "true" });
    expect(env.emulators?.firestore.port).toBe(18080);
  });

  it("uses a real project only when emulators are turned off and a key is given", () => {
    const env = parseEnv({
      DEV: false,
      VITE_FIREBASE_PROJECT_ID: "vicino-prod",
      VITE_FIREBASE_API_KEY: "key",
      VITE_APPCHECK_SITE_KEY: "site-key",
      VITE_USE_EMULATORS: "false",
    });
    expect(env.emulators).toBeUndefined();
    expect(env.firebase).toMatchObject({ projectId: "vicino-prod", apiKey: "key" });
    expect(env.appCheckSiteKey).toBe("site-key");
    expect(env.firebase.authDomain).toBe("vicino-prod.firebaseapp.com");
  });

  it("refuses a real project without an api key", () => {
    expect(() => parseEnv({ VITE_FIREBASE_PROJECT_ID: "vicino-prod", VITE_USE_EMULATORS: "false" })).toThrow(
      EnvError,
    );
  });

  it("refuses a real project without an App Check site key, which the emulators do without", () => {
    expect(() =>
      parseEnv({
        VITE_FIREBASE_PROJECT_ID: "vicino-prod",
        VITE_FIREBASE_API_KEY: "key",
        VITE_USE_EMULATORS: "false",
      }),
    ).toThrow(/VITE_APPCHECK_SITE_KEY/);
    expect(parseEnv({ DEV: true }).appCheckSiteKey).toBeUndefined();
  });

  it("refuses a demo project without emulators", () => {
    expect(() => parseEnv({ VITE_USE_EMULATORS: "false", VITE_FIREBASE_API_KEY: "k" })).toThrow(/emulatori/);
  });

  it("rejects a malformed port", () => {
    expect(() => parseEnv({ VITE_AUTH_EMULATOR_PORT: "nove" })).toThrow(/VITE_AUTH_EMULATOR_PORT/);
  });
});
