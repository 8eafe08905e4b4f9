import { useMutation, useQueryClient } from "@tanstack/react-query";
import { GROUP_OFFER_MESSAGES, type GroupOfferInput } from "@/domain/marketplace/group-offer";
import { failWith } from "@/lib/app-error";
import { lazyModule } from "@/lib/page-data";

/** The offers module loads with the first group offer, not with the feed (src/lib/page-data.ts). */
const offersModule = lazyModule(() => import("@/data/offers"));

/**
 * 'Un'offerta per tutti' from a group card: the answer says per request what was sent. The feed's cues
 * ('Hai offerto …') are read again only when the shop closes the answer (`done`): read at once, they
 * would dissolve the group, and its answer with it, before the shop has read it.
 */
export function useGroupOffer() {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: async (input: GroupOfferInput) =>
      (await offersModule())
        .sendGroupOffer(input)
        .catch(failWith(GROUP_OFFER_MESSAGES.unavailable, { serverMessage: true })),
  });
  const done = () => queryClient.invalidateQueries({ queryKey: ["my-offers-on"] });
  return { send, done };
}
