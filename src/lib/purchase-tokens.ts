import { useMutation } from "@tanstack/react-query";
import { env } from "@/config/env";
import { startCheckout } from "@/data/subscriptions";
import { purchaseTokens } from "@/data/tokens";
import type { PurchaseTokensInput, PurchaseTokensOutput } from "@/domain/boundary/callables";

/**
 * On the local emulators packs are bought with the labelled simulated provider (purchaseTokens, whose
 * payment is credited through the signed billing webhook); on a real project through Stripe Checkout.
 */
export const paymentsAreSimulated = env.emulators !== undefined;

/**
 * Buys a pack. Simulated: resolves with the new balance (the caller writes it into the token cache,
 * useRememberTokenBalance) and keeps the paymentId across retries, so a retry never credits twice.
 * Stripe: opens Checkout (startCheckout) and the browser leaves for Stripe's page; the webhook credits
 * the pack once paid, and the badge follows users/{uid}. Failures reach the global 'Errore' toast.
 */
export function usePurchaseTokens() {
  return useMutation({
    mutationFn: async (input: PurchaseTokensInput): Promise<PurchaseTokensOutput> => {
      if (paymentsAreSimulated) return purchaseTokens(input);
      const session = await startCheckout({ kind: "tokens", packageId: input.packageId });
      if (session.url) window.location.assign(session.url);
      // The page is being left for Stripe's: nothing to resolve with.
      return new Promise<never>(() => undefined);
    },
  });
}
