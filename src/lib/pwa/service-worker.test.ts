import { describe, expect, it } from "vitest";
import { wantsServiceWorker } from "./service-worker";

describe("wantsServiceWorker", () => {
  it("registers in a production build for a real project", () => {
    expect(wantsServiceWorker({ PROD: true, VITE_FIREBASE_PROJECT_ID: "vicino-prod" })).toBe(true);
    expect(
      wantsServiceWorker({
        PROD: true,
        VITE_USE_EMULATORS: "false",
        VITE_FIREBASE_PROJECT_ID: "vicino-prod",
      }),
    ).toBe(true);
  });

  it("never in development, against the emulators or for a demo project", () => {
    expect(wantsServiceWorker({ PROD: false, VITE_FIREBASE_PROJECT_ID: "vicino-prod" })).toBe(false);
    expect(
      wantsServiceWorker({ PROD: true, VITE_USE_EMULATORS: "true", VITE_FIREBASE_PROJECT_ID: "vicino-prod" }),
    ).toBe(false);
    expect(wantsServiceWorker({ PROD: true, VITE_FIREBASE_PROJECT_ID: "demo-vicino" })).toBe(false);
    expect(wantsServiceWorker({ PROD: true })).toBe(false);
  });
});
