import type { Firestore, Transaction } from "firebase-admin/firestore";
import { BILLING_CUSTOMER_FIELDS, COLLECTIONS } from "@/domain/core/collections";

/** billingCustomers/{uid} = {customerId}: the user's Stripe customer, written when a checkout starts. */
export function billingCustomerRef(db: Firestore, uid: string) {
  return db.collection(COLLECTIONS.billingCustomers).doc(uid);
}

export async function customerIdOf(db: Firestore, uid: string): Promise<string | undefined> {
  const id = (await billingCustomerRef(db, uid).get()).data()?.customerId;
  return typeof id === "string" ? id : undefined;
}

/** Whose Stripe customer this is, read in the webhook's transaction. */
export async function uidOfCustomer(
  tx: Transaction,
  db: Firestore,
  customerId: string | null | undefined,
): Promise<string | undefined> {
  if (!customerId) return undefined;
  const found = await tx.get(
    db
      .collection(COLLECTIONS.billingCustomers)
      .where(BILLING_CUSTOMER_FIELDS.customerId, "==", customerId)
      .limit(1),
  );
  return found.docs[0]?.id;
}
