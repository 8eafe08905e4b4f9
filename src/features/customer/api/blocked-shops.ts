import { useCallback } from "react";
import type { Offer } from "@/domain/marketplace/offer";
import { useBlockedIds } from "@/lib/trust";

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
