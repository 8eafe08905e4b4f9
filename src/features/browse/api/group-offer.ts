import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendGroupOffer } from "@/data/offers";
import { GROUP_OFFER_MESSAGES, type GroupOfferInput } from "@/domain/group-offer";
import { failWith } from "@/lib/app-error";

/**
 * 'Un'offerta per tutti' from a group card: the answer says per request what was sent; the feed's
 * cues ('Hai offerto …') are read again for the requests now answered.
 */
export function useGroupOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupOfferInput) =>
      sendGroupOffer(input).catch(failWith(GROUP_OFFER_MESSAGES.unavailable, { serverMessage: true })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["my-offers-on"] }),
  });
}
