import { useMutation } from "@tanstack/react-query";
import { dictateOffer } from "@/data/dictate-offer";
import { callableErrorMessage } from "@/domain/boundary/errors";
import type { DictateOfferOutput } from "@/domain/marketplace/offer-dictation";
import { DICTATION_MESSAGES } from "@/domain/marketplace/offer-dictation-messages";
import { INLINE_ERROR_META } from "@/lib/query-client";
import { useRememberTokenBalance } from "@/lib/token-balance";

/**
 * 'Detta l'offerta': what the shop said goes to Leonardo (0.5 tokens, spent by the function). Out of
 * tokens resolves with null (the page opens the purchase dialog), as 'Scrivi con Leonardo' does; the
 * function's own Italian messages pass through, anything else reads as DICTATION_MESSAGES.failed.
 */
export function useDictateOffer() {
  const rememberBalance = useRememberTokenBalance();
  return useMutation({
    meta: INLINE_ERROR_META,
    mutationFn: async (input: {
      requestId: string;
      transcript: string;
    }): Promise<DictateOfferOutput | null> => {
      try {
        const result = await dictateOffer(input);
        rememberBalance(result.tokenBalance);
        return result.outOfTokens ? null : result;
      } catch (error) {
        throw new Error(callableErrorMessage(error, DICTATION_MESSAGES.failed), { cause: error });
      }
    },
  });
}
