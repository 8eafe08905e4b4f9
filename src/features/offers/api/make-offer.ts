import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { generateOfferDescription } from "@/data/offer-description";
import { getOffer, saveOffer } from "@/data/offers";
import { getRequest } from "@/data/request-by-id";
import { callableErrorMessage, Refusal } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { offerIdFor } from "@/domain/marketplace/offer";
import type { OfferFormData } from "@/domain/marketplace/offer-form";
import type { OfferOrigin } from "@/domain/marketplace/offer-origin";
import { failWith } from "@/lib/app-error";
import { merchantOffersKey } from "@/lib/merchant-offers-live";
import { INLINE_ERROR_META } from "@/lib/query-client";
import { useRememberTokenBalance } from "@/lib/token-balance";

/** Query keys of the offers feature (all under "offers", so a sent offer refreshes every offer list). */
export const offerKeys = {
  all: ["offers"] as const,
  request: (requestId: string) => ["offers", "request", requestId] as const,
  own: (requestId: string, merchantId: string) =>
    ["offers", "own", offerIdFor(requestId, merchantId)] as const,
  list: (merchantId: string) => [...merchantOffersKey(merchantId), "list"] as const,
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
  requestId: string;
  merchantId: string;
  form: OfferFormData;
  /** The description was drafted by Leonardo. */
  aiGenerated: boolean;
  origin: OfferOrigin;
};

/**
 * Sends the offer through submitOffer (which opens the conversation, with both names from the server)
 * or, while pending, edits it. A refusal the function explains ('Questa richiesta non accetta più
 * offerte.', the 20-offer limit) is shown as it is; anything else reads as 'Errore nell'invio
 * dell'offerta. Riprova.'. The form shows it, once: no 'Errore' toast besides (INLINE_ERROR_META).
 */
export function useSendOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SendOfferVariables) =>
      saveOffer(variables).catch(failWith(ERROR_MESSAGES.sendOffer, { serverMessage: true })),
    // Success or not, what is stored may have changed (e.g. the offer was accepted meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
    meta: INLINE_ERROR_META,
  });
}

/**
 * 'Scrivi con Leonardo': drafts the description (0.5 tokens, spent by the function). Out of tokens is
 * not a failure here: it resolves with null (the page opens the purchase dialog and says 'Token
 * insufficienti per questa operazione.' at the button, as Algo does in its chat). The function's own
 * Italian messages (e.g. 'Richiesta non trovata') pass through, anything else reads as
 * ERROR_MESSAGES.offerDescription.
 */
export function useDraftDescription() {
  const rememberBalance = useRememberTokenBalance();
  return useMutation({
    meta: INLINE_ERROR_META,
    mutationFn: async (input: {
      requestId: string;
      price: number;
      notes?: string | undefined;
    }): Promise<string | null> => {
      try {
        const result = await generateOfferDescription(input);
        rememberBalance(result.tokenBalance);
        if (result.outOfTokens) return null;
        if (!result.description.trim()) throw new Refusal(ERROR_MESSAGES.offerDescription);
        return result.description;
      } catch (error) {
        const message = callableErrorMessage(error, ERROR_MESSAGES.offerDescription);
        throw new Error(message, { cause: error });
      }
    },
  });
}
