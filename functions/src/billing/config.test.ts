import { describe, expect, it } from "vitest";
import { billingModeFromEnv, LOCAL_WEBHOOK_SECRET, webhookSecretFromEnv } from "./config";

/** What firebase-tools' Functions emulator gives a function of the local stack. */
const EMULATOR_ENV = {
  FUNCTIONS_EMULATOR: "true",
  FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080",
  GCLOUD_PROJECT: "demo-vicino",
  FIREBASE_CONFIG: JSON.stringify({ projectId: "demo-vicino" }),
};
const DEPLOYED = {
  GCLOUD_PROJECT: "vicino-prod",
  FIREBASE_CONFIG: JSON.stringify({ projectId: "vicino-prod" }),
};

describe("billing configuration", () => {
  it("runs on Stripe with a key, pointing the SDK at a fake server when told", () => {
    expect(billingModeFromEnv({ ...DEPLOYED, STRIPE_SECRET_KEY: "sk_live_x" })).toEqual({
      kind: "stripe",
      secretKey: "sk_live_x",
    });
    expect(
      billingModeFromEnv({
        ...EMULATOR_ENV,
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_API_HOST: "127.0.0.1",
        STRIPE_API_PORT: "12111",
        STRIPE_API_PROTOCOL: "http",
      }),
    ).toEqual({
      kind: "stripe",
      secretKey: "sk_test_x",
      api: { host: "127.0.0.1", port: 12111, protocol: "http" },
    });
  });

  it("simulates only on the emulators; elsewhere without a key, payments are unavailable", () => {
    expect(billingModeFromEnv({ ...EMULATOR_ENV, STRIPE_SECRET_KEY: "simulated" })).toEqual({
      kind: "simulated",
    });
    for (const key of [undefined, "", "simulated", "none"]) {
      expect(billingModeFromEnv({ ...DEPLOYED, STRIPE_SECRET_KEY: key })).toEqual({ kind: "unavailable" });
    }
    expect(billingModeFromEnv({ ...EMULATOR_ENV, GCLOUD_PROJECT: "vicino-prod" })).toEqual({
      kind: "unavailable",
    });
  });

  it("never verifies webhooks with a placeholder secret", () => {
    expect(webhookSecretFromEnv({ ...DEPLOYED, STRIPE_WEBHOOK_SECRET: "whsec_real" })).toBe("whsec_real");
    for (const secret of [undefined, "", "none", "simulated"]) {
      expect(webhookSecretFromEnv({ ...DEPLOYED, STRIPE_WEBHOOK_SECRET: secret })).toBeUndefined();
    }
    expect(webhookSecretFromEnv({ ...EMULATOR_ENV, STRIPE_WEBHOOK_SECRET: "none" })).toBe(
      LOCAL_WEBHOOK_SECRET,
    );
  });
});
