import { collection, doc, getDoc, getDocs, limit, orderBy, query } from "firebase/firestore/lite";
import { type Payment, paymentSchema } from "@/domain/billing/plan-payments";
import { type Subscription, subscriptionSchema } from "@/domain/billing/plans";
import {
  billingOkOutputSchema,
  confirmSimulatedCheckoutInputSchema,
  noInputSchema,
  portalOutputSchema,
  startCheckoutInputSchema,
  startCheckoutOutputSchema,
} from "@/domain/boundary/callables";
import { COLLECTIONS, PAYMENT_FIELDS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { callable } from "./callables";
import { isPresent, parseDocument } from "./document";
import { getLiteDb } from "./firestore-lite";
import { lazyListen } from "./listen";

/**
 * subscriptions/{uid} (the shop's plan, plans.ts) and its receipts: read-only for the app (the owner
 * reads; verifyShop and the Stripe webhook write), and the billing callables.
 */

/** How many receipts /abbonamento lists (newest first). */
export const PAYMENTS_PAGE = 24;

/** subscriptions/{uid} once, over Firestore Lite (a page's first read): null while the shop has none. */
export async function getPlan(uid: string): Promise<Subscription | null> {
  const snapshot = await getDoc(doc(await getLiteDb(), COLLECTIONS.subscriptions, uid));
  const data = snapshot.data();
  return data ? parseDocument(subscriptionSchema, data, null, "Piano ignorato: dati non validi") : null;
}

/** Live subscriptions/{uid}: null while the shop has none (never verified). */
export function subscribePlan(
  uid: string,
  listener: { next: (plan: Subscription | null) => void; error: (error: unknown) => void },
): () => void {
  return lazyListen(
    (fs, db, fail) =>
      fs.onSnapshot(
        fs.doc(db, COLLECTIONS.subscriptions, uid),
        (snapshot) => {
          const data = snapshot.data();
          listener.next(
            data ? parseDocument(subscriptionSchema, data, null, "Piano ignorato: dati non validi") : null,
          );
        },
        fail,
      ),
    listener.error,
  );
}

export async function listPayments(uid: string): Promise<Payment[]> {
  const snapshot = await getDocs(
    query(
      collection(await getLiteDb(), COLLECTIONS.subscriptions, uid, SUBCOLLECTIONS.payments),
      orderBy(PAYMENT_FIELDS.paidAt, "desc"),
      limit(PAYMENTS_PAGE),
    ),
  );
  return snapshot.docs
    .map((doc) => parseDocument(paymentSchema, doc.data(), doc.id, "Pagamento ignorato: dati non validi"))
    .filter(isPresent);
}

export const startCheckout = callable("startCheckout", startCheckoutInputSchema, startCheckoutOutputSchema);
export const confirmSimulatedCheckout = callable(
  "confirmSimulatedCheckout",
  confirmSimulatedCheckoutInputSchema,
  billingOkOutputSchema,
);
export const cancelSubscription = callable("cancelSubscription", noInputSchema, billingOkOutputSchema);
export const resumeSubscription = callable("resumeSubscription", noInputSchema, billingOkOutputSchema);
export const openBillingPortal = callable("openBillingPortal", noInputSchema, portalOutputSchema);
