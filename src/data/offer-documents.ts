import type { DocumentData, DocumentSnapshot } from "firebase/firestore/lite";
import { type Offer, offerSchema } from "@/domain/marketplace/offer";
import { isPresent, parseDocument, parseRestDocuments } from "./document";
import { inSlices } from "./slices";

/**
 * Offer documents → domain offers, checked with the domain schema: for ./offers.ts (reads and listeners)
 * and ./shop-page.ts. A malformed document is skipped with a warning.
 */

/** The offer in a document, or null (with a warning) when it does not match the schema. */
export function parseOffer(id: string, data: DocumentData | undefined): Offer | null {
  return parseDocument(offerSchema, data, id, `Offerta ${id} ignorata: dati non validi`);
}

function readSnapshot(snapshot: DocumentSnapshot): Offer | null {
  if (!snapshot.exists()) return null;
  return parseOffer(snapshot.id, snapshot.data());
}

/** A read's offer documents, parsed in slices (./slices.ts); malformed ones left out. */
export async function readOfferSnapshots(snapshots: readonly DocumentSnapshot[]): Promise<Offer[]> {
  return (await inSlices(snapshots, readSnapshot)).filter(isPresent);
}

/** Offer documents as a REST read brought them (./firestore-rest.ts), parsed in slices; malformed ones left out. */
export function parseOfferDocuments(
  documents: readonly { id: string; data: DocumentData }[],
): Promise<Offer[]> {
  return parseRestDocuments(documents, parseOffer);
}
