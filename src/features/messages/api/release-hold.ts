import { useMutation } from "@tanstack/react-query";
import { releaseHold } from "@/data/pickup-codes";
import { callableErrorMessage } from "@/domain/boundary/errors";
import { HOLD_REFUSALS } from "@/domain/marketplace/pickup-hold";
import { DEAL_CHANGE_META, INLINE_ERROR_META } from "@/lib/query-client";

/**
 * Either side lets the hold go (releaseHold), with a reason. The dialog shows a refusal in the
 * function's words; the deal panel turns from the offer's own update, on both sides.
 */
export function useReleaseHold(offerId: string) {
  return useMutation({
    meta: { ...INLINE_ERROR_META, ...DEAL_CHANGE_META },
    mutationFn: (reason: string) =>
      releaseHold({ offerId, reason }).catch((cause: unknown) => {
        throw new Error(callableErrorMessage(cause, HOLD_REFUSALS.releaseFailed), { cause });
      }),
  });
}
