/**
 * Payments for token packs. The spec shows none (the click only raised a toast), so the product has an
 * interface and, for local use and tests, a simulated provider that is clearly labelled as such: every
 * purchase it approves is stored with `provider: 'simulated'`.
 */

export interface ChargeRequest {
  uid: string;
  /** The client's payment id: one payment, credited exactly once. */
  paymentId: string;
  amountEur: number;
  description: string;
}

export type ChargeResult =
  | { status: "succeeded"; providerRef: string }
  | { status: "failed"; reason: string };

export interface PaymentProvider {
  /** Stored on every purchase ('simulated' for the local provider). */
  readonly name: string;
  /** Must be idempotent per paymentId: a retried call may not charge twice. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** SIMULATED: approves every charge without moving money. Local development and tests only. */
export const simulatedPaymentProvider: PaymentProvider = {
  name: "simulated",
  async charge(request) {
    if (!(request.amountEur > 0)) return { status: "failed", reason: "invalid amount" };
    return { status: "succeeded", providerRef: `simulated_${request.paymentId}` };
  },
};

/**
 * The provider of this process. No real provider is wired yet, so the simulated one is used only where
 * no real money could be expected: the emulators (FUNCTIONS_EMULATOR, FIRESTORE_EMULATOR_HOST) or an
 * explicit ALLOW_SIMULATED_PAYMENTS=true. Deployed without either, purchases are refused (undefined).
 */
export function paymentProviderFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentProvider | undefined {
  const name = env.PAYMENT_PROVIDER?.trim() || "simulated";
  if (name !== "simulated") return undefined;
  const local =
    env.FUNCTIONS_EMULATOR === "true" ||
    Boolean(env.FIRESTORE_EMULATOR_HOST?.trim()) ||
    env.ALLOW_SIMULATED_PAYMENTS === "true";
  return local ? simulatedPaymentProvider : undefined;
}
