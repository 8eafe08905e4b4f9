import { COLLECTIONS } from "@/domain/core/collections";
import {
  type PickupCode,
  pickupCodeSchema,
  verifyPickupInputSchema,
  verifyPickupOutputSchema,
} from "@/domain/marketplace/pickup";
import { releaseHoldInputSchema, releaseHoldOutputSchema } from "@/domain/marketplace/pickup-hold";
import {
  markNoShowInputSchema,
  markNoShowOutputSchema,
  readPickupRecordInputSchema,
  readPickupRecordOutputSchema,
} from "@/domain/marketplace/pickup-record";
import { callable } from "./callables";
import { parseDocument } from "./document";
import { withFirestoreLite } from "./listen";

/**
 * pickupCodes/{offerId} (src/domain/marketplace/pickup.ts): the accepted deal's one-time code, which only its buyer
 * may read (firestore.rules) and no client writes. Read once, by id, over Firestore Lite, when the buyer
 * taps 'Mostra il codice di ritiro'; null when there is none (an older deal) or it does not parse.
 */
export async function fetchPickupCode(offerId: string): Promise<PickupCode | null> {
  return withFirestoreLite(async (fs, db) => {
    const snapshot = await fs.getDoc(fs.doc(db, COLLECTIONS.pickupCodes, offerId));
    if (!snapshot.exists()) return null;
    return parseDocument(
      pickupCodeSchema,
      { ...snapshot.data(), offerId },
      null,
      `Codice di ritiro ${offerId} ignorato: dati non validi`,
    );
  });
}

/** The shop at the till: the code the buyer shows, checked by the verifyPickup callable. */
export const verifyPickup = callable("verifyPickup", verifyPickupInputSchema, verifyPickupOutputSchema);

/** Either side of an accepted deal lets the hold go, with a reason (the releaseHold callable). */
export const releaseHold = callable("releaseHold", releaseHoldInputSchema, releaseHoldOutputSchema);

/** The deal's shop marks 'Non ritirato' once the hold ended unverified (the markNoShow callable). */
export const markNoShow = callable("markNoShow", markNoShowInputSchema, markNoShowOutputSchema);

/** The buyer's pickup record as it stands now, for the shop of a live offer (the readPickupRecord callable). */
export const readPickupRecord = callable(
  "readPickupRecord",
  readPickupRecordInputSchema,
  readPickupRecordOutputSchema,
);
