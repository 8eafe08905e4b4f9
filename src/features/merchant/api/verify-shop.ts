import { useMutation } from "@tanstack/react-query";
import { verifyShop } from "@/data/shops";
import type { ShopVerification, VerifyShopOutput } from "@/domain/people/shop-verification";

/**
 * verifyShop: the server checks the shop and queues it for an admin's approval (`pending`), or keeps a
 * verified shop verified when only its categories changed. Failures reach the global 'Errore' toast
 * (the function's Italian message); on success the session's live users/{uid} brings `shop`.
 */
export function useVerifyShop({ onSuccess }: { onSuccess?: (output: VerifyShopOutput) => void } = {}) {
  // onSuccess on the mutation, not on mutate(): the panel may already be gone (the session's live
  // users/{uid} can bring `shop` before the call returns) and the toast must still show.
  return useMutation({
    mutationFn: (input: ShopVerification) => verifyShop(input),
    ...(onSuccess ? { onSuccess } : {}),
  });
}
