import {
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type QueryDocumentSnapshot,
  Timestamp,
  type Transaction,
} from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { COLLECTIONS, OFFER_FIELDS, REQUEST_FIELDS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { REQUEST_LIFE_MESSAGES } from "@/domain/marketplace/request-life-messages";
import {
  OFFER_STATUS,
  type RequestStatus,
  storedRequestStatusSchema,
} from "@/domain/marketplace/state-machine";
import { publicName } from "@/domain/people/user";
import { profileRef } from "../profiles/user-record";

/**
 * What the request's life (expiry, closing, renewing, a cancelled deal, a withdrawn offer) reads and
 * writes beyond deal-store.ts: a request's dates, its pending offers and the names notifications use.
 */

export interface LifeRequest {
  id: string;
  ref: DocumentReference;
  customerId: string;
  status: RequestStatus;
  productName: string;
  createdAt: Date;
  expiresAt?: Date;
  acceptedOfferId?: string;
}

function dateOf(value: unknown): Date | undefined {
  return value instanceof Timestamp ? value.toDate() : value instanceof Date ? value : undefined;
}

/** The request's fields of its life, or not-found; a malformed one is a corrupt document (internal). */
export function readLifeRequest(snapshot: DocumentSnapshot): LifeRequest {
  const data = snapshot.data();
  if (!snapshot.exists || !data) throw new HttpsError("not-found", ERROR_MESSAGES.requestNotFound);
  const status = storedRequestStatusSchema.safeParse(data[REQUEST_FIELDS.status]);
  const createdAt = dateOf(data[REQUEST_FIELDS.createdAt]);
  if (!status.success || typeof data[REQUEST_FIELDS.customerId] !== "string" || !createdAt) {
    throw new Error(`${snapshot.ref.path}: not a request`);
  }
  const expiresAt = dateOf(data[REQUEST_FIELDS.expiresAt]);
  return {
    id: snapshot.id,
    ref: snapshot.ref,
    customerId: data[REQUEST_FIELDS.customerId],
    status: status.data,
    productName: typeof data.productName === "string" ? data.productName : "",
    createdAt,
    ...(expiresAt ? { expiresAt } : {}),
    ...(typeof data.acceptedOfferId === "string" ? { acceptedOfferId: data.acceptedOfferId } : {}),
  };
}

/** The request's pending offers, read inside the transaction (before any write). */
export async function readPendingOffers(
  tx: Transaction,
  db: Firestore,
  requestId: string,
): Promise<QueryDocumentSnapshot[]> {
  const pending = await tx.get(
    db
      .collection(COLLECTIONS.offers)
      .where(OFFER_FIELDS.requestId, "==", requestId)
      .where(OFFER_FIELDS.status, "==", OFFER_STATUS.pending),
  );
  return pending.docs;
}

/**
 * Pending offers of a request that no longer takes them (expired, closed) become `expired`, with the
 * reason the shop reads; the shops' 'In attesa' counts drop with them.
 */
export function expireOffers(tx: Transaction, offers: readonly QueryDocumentSnapshot[], at: Timestamp): void {
  for (const offer of offers) {
    tx.update(offer.ref, {
      status: OFFER_STATUS.expired,
      expiredAt: at,
      rejectionReason: REQUEST_LIFE_MESSAGES.offerExpiredReason,
      updatedAt: at,
    });
  }
}

/** The name others read for `uid` (profiles/{uid}), read inside the transaction. */
export async function readPublicName(tx: Transaction, db: Firestore, uid: string): Promise<string> {
  const data = (await tx.get(profileRef(db, uid))).data();
  return publicName({
    displayName: typeof data?.displayName === "string" ? data.displayName : "",
    ...(typeof data?.businessName === "string" ? { businessName: data.businessName } : {}),
  });
}
