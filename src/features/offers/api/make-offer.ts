import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { generateOfferDescription } from "@/data/offer-description";
import { getOffer, saveOffer } from "@/data/offers";
import { getPublicProfile } from "@/data/profiles";
import { getRequest } from "@/data/requests";
import { callableErrorMessage } from "@/domain/errors";
import { CUSTOMER_FALLBACK_NAME, ERROR_MESSAGES } from "@/domain/messages";
import { offerIdFor } from "@/domain/offer";
import type { OfferFormData } from "@/domain/offer-form";
import type { Request } from "@/domain/request";
import { publicName } from "@/domain/user";
import { failWith } from "@/lib/app-error";
import { useRememberTokenBalance } from "@/lib/token-balance";

/** Query keys of the offers feature (all under "offers", so a sent offer refreshes every offer list). */
export const offerKeys = {
  all: ["offers"] as const,
  request: (requestId: string) => ["offers", "request", requestId] as const,
  own: (requestId: string, merchantId: string) =>
    ["offers", "own", offerIdFor(requestId, merchantId)] as const,
  list: (merchantId: string) => ["offers", merchantId, "list"] as const,
};

/** The request to answer; null when it does not exist (or the merchant may not see it). */
export function requestForOfferOptions(requestId: string) {
  return queryOptions({
    queryKey: offerKeys.request(requestId),
    queryFn: () => getRequest(requestId).catch(failWith(ERROR_MESSAGES.loadRequest)),
  });
}

/** The merchant's earlier offer on this request (deterministic id), or null. */
export function ownOfferOptions(requestId: string, merchantId: string) {
  return queryOptions({
    queryKey: offerKeys.own(requestId, merchantId),
    queryFn: () => getOffer(offerIdFor(requestId, merchantId)).catch(failWith(ERROR_MESSAGES.loadRequest)),
  });
}

export const useRequestForOffer = (requestId: string) => useQuery(requestForOfferOptions(requestId));
export const useOwnOffer = (requestId: string, merchantId: string) =>
  useQuery(ownOfferOptions(requestId, merchantId));

export type SendOfferVariables = {
  request: Pick<Request, "id" | "customerId">;
  merchant: { uid: string; displayName: string; businessName?: string | undefined };
  form: OfferFormData;
  /** The description was drafted by Leonardo. */
  aiGenerated: boolean;
};

/** The buyer's public name for the conversation; the fallback when their profile is not there yet. */
async function customerNameOf(customerId: string): Promise<string> {
  try {
    const profile = await getPublicProfile(customerId);
    return profile ? publicName(profile) : CUSTOMER_FALLBACK_NAME;
  } catch (error) {
    console.warn("Buyer profile unreadable: using the generic name", error);
    return CUSTOMER_FALLBACK_NAME;
  }
}

/**
 * Sends (or, while pending, edits) the offer and opens its conversation in one batch. Failures reach
 * the app's MutationCache as 'Errore nell'invio dell'offerta. Riprova.' (one toast).
 */
export function useSendOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, merchant, form, aiGenerated }: SendOfferVariables) => {
      const customerName = await customerNameOf(request.customerId);
      return saveOffer({
        request,
        merchant: { uid: merchant.uid, name: publicName(merchant) },
        customerName,
        form,
        aiGenerated,
      }).catch(failWith(ERROR_MESSAGES.sendOffer));
    },
    // Success or not, what is stored may have changed (e.g. the offer was accepted meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}

/**
 * 'Scrivi con Leonardo': drafts the description (0.5 tokens, spent by the function). Out of tokens is a
 * failure with 'Token insufficienti per questa operazione.'; the function's own Italian messages (e.g.
 * 'Richiesta non trovata') pass through, anything else reads as ERROR_MESSAGES.offerDescription.
 */
export function useDraftDescription() {
  const rememberBalance = useRememberTokenBalance();
  return useMutation({
    mutationFn: async (input: { requestId: string; price: number; notes?: string | undefined }) => {
      try {
        const result = await generateOfferDescription(input);
        rememberBalance(result.tokenBalance);
        if (result.outOfTokens) throw new Error(ERROR_MESSAGES.insufficientTokens);
        if (!result.description.trim()) throw new Error(ERROR_MESSAGES.offerDescription);
        return result.description;
      } catch (error) {
        const message = callableErrorMessage(error, ERROR_MESSAGES.offerDescription);
        throw new Error(message, { cause: error });
      }
    },
  });
}
