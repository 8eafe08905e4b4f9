import { useMutation } from "@tanstack/react-query";
import { purchaseTokens } from "@/data/tokens";
import type { PurchaseTokensInput } from "@/domain/callables";

/**
 * Buys a pack. Failures reach the global 'Errore' toast; the session's live users/{uid} shows the new
 * balance. The caller keeps the paymentId across retries, so a retry never credits twice.
 */
export function usePurchaseTokens() {
  return useMutation({ mutationFn: (input: PurchaseTokensInput) => purchaseTokens(input) });
}
