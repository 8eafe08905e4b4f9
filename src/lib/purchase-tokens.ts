import { useMutation } from "@tanstack/react-query";
import { purchaseTokens } from "@/data/tokens";
import type { PurchaseTokensInput } from "@/domain/callables";

/**
 * Buys a pack. Failures reach the global 'Errore' toast; the caller writes the returned balance into the
 * token cache (useRememberTokenBalance). The caller keeps the paymentId across retries, so a retry never credits twice.
 */
export function usePurchaseTokens() {
  return useMutation({ mutationFn: (input: PurchaseTokensInput) => purchaseTokens(input) });
}
