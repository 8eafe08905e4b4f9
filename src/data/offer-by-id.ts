import { doc, getDoc } from "firebase/firestore/lite";
import { COLLECTIONS } from "@/domain/core/collections";
import type { Offer } from "@/domain/marketplace/offer";
import { getLiteDb } from "./firestore-lite";
import { readOfferSnapshots } from "./offer-documents";

/**
 * One offer by id, apart from ./offers.ts (the shop's lists, its writes and the dashboard's rows): the
 * chat reads a conversation's offer and needs none of the rest.
 */

/** An offer by id, or null when there is none (the rules let a merchant look up a missing id of theirs). */
export async function getOffer(id: string): Promise<Offer | null> {
  const [offer] = await readOfferSnapshots([await getDoc(doc(await getLiteDb(), COLLECTIONS.offers, id))]);
  return offer ?? null;
}
