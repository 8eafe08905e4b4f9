import { type DocumentData, Timestamp } from "firebase-admin/firestore";

/**
 * The documents the scheduled sweeps read, in the shapes their writers leave them: shared by
 * tests/integration/sweeps-paging.test.ts and the sweeps' bench (scripts/bench-scale/sweeps.ts), so both
 * measure the same documents. `now` is the test's clock; `fields` overrides (expiresAt, status…).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** requests/{id}: an active request published six days before `now`. */
export function sweepRequestDoc(id: string, customerId: string, now: Date, fields: DocumentData = {}) {
  return {
    id,
    customerId,
    productName: `Prodotto ${id}`,
    status: "active",
    createdAt: Timestamp.fromMillis(now.getTime() - 6 * DAY_MS),
    updatedAt: Timestamp.fromMillis(now.getTime() - 6 * DAY_MS),
    ...fields,
  };
}

/** offers/{id}: an offer accepted a day before `now`, its hold's reminder still due (acceptOffer's null). */
export function heldOfferDoc(id: string, customerId: string, now: Date, fields: DocumentData = {}) {
  const dayBefore = Timestamp.fromMillis(now.getTime() - DAY_MS);
  return {
    id,
    requestId: `req-${id}`,
    merchantId: "shop",
    customerId,
    merchantName: "Ferramenta Rossi",
    productName: `Prodotto ${id}`,
    price: 10,
    description: "Pronto",
    deliveryOptions: ["pickup"],
    status: "accepted",
    aiGenerated: false,
    createdAt: dayBefore,
    updatedAt: dayBefore,
    acceptedAt: dayBefore,
    holdReminderSentAt: null,
    ...fields,
  };
}

/**
 * What hangs off a closed request the retention sweep deletes: its private place, and per offer the
 * offer, its conversation and one message. Paths relative to the database root, with their data.
 */
export function closedRequestTree(
  id: string,
  customerId: string,
  offers: number,
): Array<[string, DocumentData]> {
  const docs: Array<[string, DocumentData]> = [
    [`requests/${id}/private/location`, { customerId, lat: 45, lng: 9 }],
  ];
  for (let index = 0; index < offers; index++) {
    const offerId = `${id}_s${index}`;
    docs.push(
      [`offers/${offerId}`, { id: offerId, requestId: id, merchantId: `s${index}` }],
      [`conversations/${offerId}`, { requestId: id, offerId }],
      [`conversations/${offerId}/messages/m`, { content: "ciao", senderId: customerId }],
    );
  }
  return docs;
}
