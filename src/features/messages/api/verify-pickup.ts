import { useMutation } from "@tanstack/react-query";
import { verifyPickup } from "@/data/pickup-codes";
import { callableErrorMessage } from "@/domain/errors";
import { PICKUP_MESSAGES, pickupRefusalMessage } from "@/domain/pickup";
import { INLINE_ERROR_META } from "@/lib/query-client";

/**
 * The shop at the till checks the buyer's code (verifyPickup). The form shows each refusal by the field,
 * in the words of its reason (pickup.ts pickupRefusal: wrong code and tries left, the wait, used, not
 * this shop's deal), so no 'Errore' toast besides. The deal panel turns 'Acquisto verificato' from the
 * offer's own update.
 */
export function useVerifyPickup(offerId: string) {
  return useMutation({
    meta: INLINE_ERROR_META,
    mutationFn: (code: string) =>
      verifyPickup({ offerId, code }).catch((cause: unknown) => {
        const shown = pickupRefusalMessage(cause) ?? callableErrorMessage(cause, PICKUP_MESSAGES.failed);
        throw new Error(shown, { cause });
      }),
  });
}
