import { COLLECTIONS } from "@/domain/core/collections";
import type { Offer } from "@/domain/marketplace/offer";
import { withFirestoreLite } from "./listen";
import { readOfferSnapshots } from "./offer-documents";

/**
 * One offer by id, apart from ./offers.ts (the shop's lists, its writes and the dashboard's rows): the
 * chat reads a conversation's offer and needs none of the rest. Firestore Lite loads with the read, so
 * the chat's code does not wait for Firebase (docs/content-bench.md).
 */

/** An offer by id, or null when there is none (the rules let a merchant look up a missing id of theirs). */
export function getOffer(id: string): Promise<Offer | null> {
  return withFirestoreLite(async (fs, db) => {
    const [offer] = await readOfferSnapshots([await fs.getDoc(fs.doc(db, COLLECTIONS.offers, id))]);
    return offer ?? null;
  });
}
