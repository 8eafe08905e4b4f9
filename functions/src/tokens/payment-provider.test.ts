import { describe, expect, it } from "vitest";
import { paymentProviderFromEnv, runsOnEmulators, simulatedPaymentProvider } from "./payment-provider";

/** What firebase-tools' Functions emulator gives a function of the local stack. */
const EMULATOR_ENV = {
  FUNCTIONS_EMULATOR: "true",
  FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080",
  GCLOUD_PROJECT: "demo-vicino",
  FIREBASE_CONFIG: JSON.stringify({ projectId: "demo-vicino" }),
};

describe("paymentProviderFromEnv", () => {
  it("gives the simulated provider on the emulators", () => {
    expect(paymentProviderFromEnv(EMULATOR_ENV)).toBe(simulatedPaymentProvider);
    expect(paymentProviderFromEnv({ ...EMULATOR_ENV, PAYMENT_PROVIDER: "simulated" })).toBe(
      simulatedPaymentProvider,
    );
  });

  it("gives none to a real-looking project whatever the variables say (fail closed)", () => {
    const deployed = {
      GCLOUD_PROJECT: "vicino-prod",
      FIREBASE_CONFIG: JSON.stringify({ projectId: "vicino-prod" }),
    };
    for (const env of [
      { ...deployed, PAYMENT_PROVIDER: "simulated" },
      { ...deployed, PAYMENT_PROVIDER: "simulated", ALLOW_SIMULATED_PAYMENTS: "true" },
      { ...deployed, FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080" },
      { ...deployed, FUNCTIONS_EMULATOR: "true" },
      // Every emulator flag, but a real project id: still not the emulators.
      {
        ...EMULATOR_ENV,
        GCLOUD_PROJECT: "vicino-prod",
        FIREBASE_CONFIG: JSON.stringify({ projectId: "vicino-prod" }),
      },
      { ...EMULATOR_ENV, FIREBASE_CONFIG: JSON.stringify({ projectId: "vicino-prod" }) },
    ]) {
      expect(runsOnEmulators(env)).toBe(false);
      expect(paymentProviderFromEnv(env)).toBeUndefined();
    }
  });

  it("needs every proof of the emulators: the Functions flag, a Firestore emulator host, a demo-* project", () => {
    expect(paymentProviderFromEnv({ ...EMULATOR_ENV, FUNCTIONS_EMULATOR: undefined })).toBeUndefined();
    expect(paymentProviderFromEnv({ ...EMULATOR_ENV, FIRESTORE_EMULATOR_HOST: " " })).toBeUndefined();
    expect(
      paymentProviderFromEnv({ FUNCTIONS_EMULATOR: "true", FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080" }),
    ).toBeUndefined();
    expect(paymentProviderFromEnv({ ...EMULATOR_ENV, FIREBASE_CONFIG: "{oops" })).toBeUndefined();
  });

  it("gives none for an unknown provider name", () => {
    expect(paymentProviderFromEnv({ ...EMULATOR_ENV, PAYMENT_PROVIDER: "stripe" })).toBeUndefined();
  });
});
