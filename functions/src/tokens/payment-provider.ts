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

/** Every project id this process could be told about; a `demo-*` id can never reach a real project. */
function projectIds(env: NodeJS.ProcessEnv): string[] {
  const ids = [env.GCLOUD_PROJECT, env.GOOGLE_CLOUD_PROJECT];
  try {
    const config = JSON.parse(env.FIREBASE_CONFIG ?? "{}") as { projectId?: unknown };
    if (typeof config.projectId === "string") ids.push(config.projectId);
  } catch {
    ids.push("(unreadable FIREBASE_CONFIG)");
  }
  return ids.map((id) => id?.trim() ?? "").filter((id) => id !== "");
}

/**
 * True only with positive proof of the local emulators: the Functions emulator's flag, a Firestore
 * emulator host, and project ids that are all `demo-*`. Any one missing, and this is treated as
 * production whatever else the environment says.
 */
export function runsOnEmulators(env: NodeJS.ProcessEnv = process.env): boolean {
  const ids = projectIds(env);
  return (
    env.FUNCTIONS_EMULATOR === "true" &&
    Boolean(env.FIRESTORE_EMULATOR_HOST?.trim()) &&
    ids.length > 0 &&
    ids.every((id) => id.startsWith("demo-"))
  );
}

/**
 * The provider of this process. No real provider is wired yet, and the simulated one approves every
 * charge, so it runs only on the emulators (runsOnEmulators); no variable can switch it on elsewhere
 * (fail closed). Anywhere else purchases are refused (undefined).
 */
export function paymentProviderFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentProvider | undefined {
  const name = env.PAYMENT_PROVIDER?.trim() || "simulated";
  if (name !== "simulated") return undefined;
  return runsOnEmulators(env) ? simulatedPaymentProvider : undefined;
}
