import { beforeEach, describe, expect, it, vi } from "vitest";

/**
 * App Check must exist before any Firebase service does: with enforcement on for Firestore or Auth, a
 * read sent without its token is refused. The SDKs are mocked to record the order of the calls the data
 * layer makes; each test starts from a fresh module graph, so the path it takes is the app's first.
 */
const { calls, apps } = vi.hoisted(() => ({ calls: [] as string[], apps: [] as object[] }));

vi.mock("firebase/app", () => ({
  getApps: () => apps,
  initializeApp: vi.fn((options: object) => {
    calls.push("initializeApp");
    const app = { options };
    apps.push(app);
    return app;
  }),
}));

vi.mock("firebase/app-check", () => ({
  initializeAppCheck: vi.fn(() => {
    calls.push("initializeAppCheck");
    return {};
  }),
  onTokenChanged: vi.fn(),
  CustomProvider: class {},
  ReCaptchaEnterpriseProvider: class {},
}));

vi.mock("firebase/firestore/lite", () => ({
  getFirestore: vi.fn(() => {
    calls.push("getFirestore (Lite)");
    return { lite: true };
  }),
  connectFirestoreEmulator: vi.fn(),
  doc: vi.fn(() => ({})),
  getDoc: vi.fn(async () => {
    calls.push("getDoc (Lite)");
    return { data: () => undefined };
  }),
}));

vi.mock("firebase/firestore", () => ({
  getFirestore: vi.fn(() => {
    calls.push("getFirestore (full)");
    return { full: true };
  }),
  connectFirestoreEmulator: vi.fn(),
}));

vi.mock("firebase/auth", () => ({
  initializeAuth: vi.fn(() => {
    calls.push("initializeAuth");
    return {
      authStateReady: async () => {
        calls.push("authStateReady");
      },
    };
  }),
  getAuth: vi.fn(() => ({ authStateReady: async () => undefined })),
  connectAuthEmulator: vi.fn(),
  indexedDBLocalPersistence: {},
  browserLocalPersistence: {},
  browserSessionPersistence: {},
}));

vi.mock("firebase/functions", () => ({
  getFunctions: vi.fn(() => {
    calls.push("getFunctions");
    return {};
  }),
  connectFunctionsEmulator: vi.fn(),
}));

// Each test is a page load: no app yet, and the data layer's memoised getters start over.
beforeEach(() => {
  calls.length = 0;
  apps.length = 0;
  vi.resetModules();
});

describe("App Check starts with the app", () => {
  it("before the session's first Firestore Lite read (users/{uid}), and Auth before Firestore", async () => {
    // A page opened on the session this device kept may read before anything else started Auth: the
    // read must carry the user's token, so Auth has restored the user first (kept-session.ts).
    const { getUser } = await import("./users");
    await expect(getUser("uid-1")).resolves.toBeNull();
    expect(calls).toEqual([
      "initializeApp",
      "initializeAppCheck",
      "initializeAuth",
      "authStateReady",
      "getFirestore (Lite)",
      "getDoc (Lite)",
    ]);
  });

  it("before Auth", async () => {
    const { getAuthInstance } = await import("./firebase");
    await getAuthInstance();
    expect(calls).toEqual(["initializeApp", "initializeAppCheck", "initializeAuth"]);
  });

  it("before the full SDK of the live listeners, and before Functions", async () => {
    const { getDb, getFunctionsInstance } = await import("./firebase");
    await Promise.all([getDb(), getFunctionsInstance()]);
    expect(calls.slice(0, 3)).toEqual(["initializeApp", "initializeAppCheck", "initializeAuth"]);
    expect(calls).toContain("getFirestore (full)");
    expect(calls).toContain("getFunctions");
  });

  it("once, however many services start together", async () => {
    const firebase = await import("./firebase");
    const { getLiteDb } = await import("./firestore-lite");
    await Promise.all([
      firebase.getAuthInstance(),
      firebase.getDb(),
      getLiteDb(),
      firebase.getFunctionsInstance(),
    ]);
    expect(calls.slice(0, 2)).toEqual(["initializeApp", "initializeAppCheck"]);
    expect(calls.filter((call) => call === "initializeApp" || call === "initializeAppCheck")).toHaveLength(2);
  });
});
