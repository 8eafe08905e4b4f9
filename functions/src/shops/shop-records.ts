import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { userRef } from "../profiles/user-record";
import { partitaIvaRef, shopReviewRef } from "./verify-shop";

/**
 * What shop verification keeps about an account, for deleteMyAccount: its review (name, address,
 * e-mail, VIES's answer) and its Partita IVA claim, so that whoever truly holds the number can
 * register once this account is gone.
 */
export async function shopVerificationRecordsOf(db: Firestore, uid: string): Promise<DocumentReference[]> {
  const refs: DocumentReference[] = [];
  const review = shopReviewRef(db, uid);
  if ((await review.get()).exists) refs.push(review);
  const partitaIva = (await userRef(db, uid).get()).get("shop.partitaIva");
  if (typeof partitaIva === "string" && partitaIva) {
    const claim = partitaIvaRef(db, partitaIva);
    if ((await claim.get()).get("uid") === uid) refs.push(claim);
  }
  return refs;
}
