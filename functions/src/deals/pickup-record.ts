import { FieldValue, type Firestore, type Timestamp, type Transaction } from "firebase-admin/firestore";
import { COLLECTIONS } from "@/domain/core/collections";
import { docId } from "./deal-store";

/** pickupRecords/{buyerId}: the buyer's collected and missed holds (src/domain/marketplace/pickup-record.ts). */
export function pickupRecordRef(db: Firestore, buyerId: string) {
  return db.collection(COLLECTIONS.pickupRecords).doc(docId(buyerId));
}

/** One more hold collected or missed, in the caller's transaction (no read needed: an increment). */
export function countPickup(
  tx: Transaction,
  db: Firestore,
  buyerId: string,
  outcome: "collected" | "missed",
  at: Timestamp,
): void {
  tx.set(
    pickupRecordRef(db, buyerId),
    { [outcome]: FieldValue.increment(1), updatedAt: at },
    { merge: true },
  );
}
