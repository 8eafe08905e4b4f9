import { collection, getDocs, limit, query, where } from "firebase/firestore/lite";
import type { Offer } from "@/domain/offer";
import { getLiteDb } from "./firestore-lite";
import { OFFERS_COLLECTION, parseOffer } from "./offers";

/**
 * The buyer's side of offers (spec §2 customer dashboard, /requests): every offer received on the
 * buyer's requests, a one-shot read (Firestore Lite). Rules allow the query by `customerId == uid`.
 * No orderBy, so no composite index is needed; sorted here, newest first.
 */
export async function listCustomerOffers(customerId: string, max: number): Promise<Offer[]> {
  const snapshot = await getDocs(
    query(
      collection(await getLiteDb(), OFFERS_COLLECTION),
      where("customerId", "==", customerId),
      limit(max),
    ),
  );
  return snapshot.docs
    .map((document) => parseOffer(document.id, document.data()))
    .filter((offer): offer is Offer => offer !== null)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}
