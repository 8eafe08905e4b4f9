import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Offer } from "@/domain/marketplace/offer";
import type { Block } from "@/domain/people/moderation";
import { lazyModule } from "@/lib/page-data";

const moderationModule = lazyModule(() => import("@/data/moderation"));

/** One function for every render: a new `select` each time would build a new Set each time. */
const toBlockedIds = (blocks: readonly Block[]): ReadonlySet<string> =>
  new Set(blocks.map((block) => block.blockedId));

/** The ids of the shops the buyer blocked (the same cache as the chat's 'Blocca'). */
function useBlockedIds(uid: string) {
  return useQuery({
    queryKey: ["my-blocks", uid],
    enabled: uid !== "",
    queryFn: async () => (await moderationModule()).listMyBlocks(uid),
    select: toBlockedIds,
  });
}

/**
 * A `select` for offer queries that leaves out the offers of shops the buyer blocked, as the chat list
 * and the shops' feed already do. Until the blocks are known (or if they cannot be read) every offer shows:
 * a block hides, it never gates.
 */
export function useWithoutBlockedShops(uid: string): (offers: Offer[]) => Offer[] {
  const blocked = useBlockedIds(uid).data;
  return useCallback(
    (offers: Offer[]): Offer[] =>
      blocked && blocked.size > 0 ? offers.filter((offer) => !blocked.has(offer.merchantId)) : offers,
    [blocked],
  );
}
