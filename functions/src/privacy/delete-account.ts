import type { Auth } from "firebase-admin/auth";
import {
  type DocumentData,
  type DocumentReference,
  FieldPath,
  FieldValue,
  type Firestore,
  Timestamp,
} from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { deletedOnAccountDeletion } from "@/domain/boundary/account-data";
import {
  COLLECTIONS,
  OFFER_FIELDS,
  REQUEST_FIELDS,
  REVIEW_FIELDS,
  SUBCOLLECTIONS,
} from "@/domain/core/collections";
import {
  type DeleteMyAccountOutput,
  deleteMyAccountInputSchema,
  isRecentSignIn,
} from "@/domain/legal/privacy";
import { CONVERSATION_CLOSED_BY } from "@/domain/marketplace/conversation";
import {
  CONVERSATION_STATUS,
  canTransitionOffer,
  canTransitionRequest,
  OFFER_STATUS,
  offerStatusSchema,
  REQUEST_STATUS,
  storedRequestStatusSchema,
} from "@/domain/marketplace/state-machine";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { DELETED_USER_NAME, PRIVACY_MESSAGES } from "@/domain/people/trust-messages";
import { gatewayFor } from "../billing/billing-deps";
import { stripeSecretKey, stripeWebhookSecret } from "../billing/config";
import type { BillingGateway } from "../billing/gateway";
import { runDeal } from "../deals/deal-store";
import { guardedCall } from "../lib/account-guard";
import { adminAuth, adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { cancelBillingAtProvider, reduceBillingRecords } from "./billing-records";
import { conversationsOf, messagesWrittenIn, offersMadeBy, requestsOf } from "./user-data";

export interface DeleteAccountDeps {
  db: Firestore;
  auth: Auth;
  now: () => Date;
  /** Stripe (or the emulators' simulated provider); undefined where payments are not configured. */
  gateway: BillingGateway | undefined;
}

type Write = { ref: DocumentReference; data?: Record<string, unknown> };

/** Applies updates (data) and deletes (no data) in batches under Firestore's 500 writes. */
async function commitAll(db: Firestore, writes: readonly Write[]): Promise<void> {
  for (let start = 0; start < writes.length; start += 400) {
    const batch = db.batch();
    for (const write of writes.slice(start, start + 400)) {
      if (write.data) batch.update(write.ref, write.data);
      else batch.delete(write.ref);
    }
    await batch.commit();
  }
}

/** The pending offers on a request, closed as expired (the request they answer is gone). */
async function expirePendingOffers(db: Firestore, requestId: string, at: Timestamp): Promise<Write[]> {
  const pending = await db
    .collection(COLLECTIONS.offers)
    .where(OFFER_FIELDS.requestId, "==", requestId)
    .where(OFFER_FIELDS.status, "==", OFFER_STATUS.pending)
    .get();
  return pending.docs.map((offer) => ({
    ref: offer.ref,
    data: { status: OFFER_STATUS.expired, updatedAt: at },
  }));
}

/**
 * The review the buyer left on the shop's page for this request (profiles/{shop}/reviews/{requestId},
 * written by completeTransaction) keeps its stars and words, but no longer their first name.
 */
async function anonymiseReview(db: Firestore, request: DocumentData): Promise<Write[]> {
  const offerId = request.completedOfferId;
  if (typeof offerId !== "string") return [];
  const offer = (await db.collection(COLLECTIONS.offers).doc(offerId).get()).data();
  const requestId = offer?.requestId;
  if (typeof offer?.merchantId !== "string" || typeof requestId !== "string") return [];
  const review = db
    .collection(COLLECTIONS.profiles)
    .doc(offer.merchantId)
    .collection(SUBCOLLECTIONS.reviews)
    .doc(requestId);
  return (await review.get()).exists
    ? [{ ref: review, data: { [REVIEW_FIELDS.buyerFirstName]: DELETED_USER_NAME } }]
    : [];
}

/**
 * Every document ACCOUNT_DATA (src/domain/legal/account-data.ts) says goes with the account, found by
 * its key: the document named by the uid (with its sub-collections), the ids starting `{uid}_`, the
 * documents with a field holding the uid. users/{uid} goes last, so a failure halfway leaves an account
 * that can ask again.
 */
async function deleteKeyedDocuments(db: Firestore, uid: string): Promise<void> {
  const byIdLast: DocumentReference[] = [];
  for (const { collection, key } of deletedOnAccountDeletion()) {
    const ref = db.collection(COLLECTIONS[collection]);
    if (key.by === "id") {
      byIdLast.push(ref.doc(uid));
      continue;
    }
    const found =
      key.by === "idPrefix"
        ? [
            await ref
              .where(FieldPath.documentId(), ">=", `${uid}_`)
              .where(FieldPath.documentId(), "<", `${uid}_\uf8ff`)
              .get(),
          ]
        : await Promise.all(key.fields.map((field) => ref.where(field, "==", uid).get()));
    await commitAll(
      db,
      found.flatMap((snapshot) => snapshot.docs.map((doc) => ({ ref: doc.ref }))),
    );
  }
  const users = db.collection(COLLECTIONS.users).doc(uid);
  for (const ref of byIdLast) if (ref.path !== users.path) await db.recursiveDelete(ref);
  await db.recursiveDelete(users);
}

/**
 * Erases `uid` (GDPR art. 17). Their open requests are cancelled and the pending offers on them expire;
 * their own pending offers expire (both through the state machine); the exact places of their requests
 * go. In each conversation they took part in, the other party keeps the thread: the deleted side's
 * name becomes 'Utente eliminato' (on the conversation and on every message they wrote) and the
 * conversation is closed. Ratings they gave stay on the requests and offers and in the shop's average,
 * their reviews on shops' pages stay signed 'Utente eliminato', and the record linking them to the shop
 * (ratingsGiven) goes. Every document keyed by the account that ACCOUNT_DATA
 * (src/domain/boundary/account-data.ts) says goes is deleted (pickup codes and records, shopMonths,
 * shopAreas, the shop index, unread counts, Algo's records, reports, blocks, …; the users document
 * with its ledger last), the public profile becomes a tombstone named 'Utente eliminato' (the rules
 * refuse a sign-up over it), and finally the Auth account is deleted.
 *
 * Money comes first: a shop's subscription is cancelled at Stripe before anything is erased (a failure
 * stops the deletion, so nobody is charged for an account that no longer exists); the fiscal records
 * are then reduced to what the law keeps (billing-records.ts). The photos of their requests go too
 * (requests/{id}/photos, and photoCount and the thumbnail with them): a picture of someone's home is
 * personal data.
 */
export async function deleteAccountFor(uid: string, deps: DeleteAccountDeps): Promise<DeleteMyAccountOutput> {
  const { db } = deps;
  const at = Timestamp.fromDate(deps.now());
  const userRef = db.collection(COLLECTIONS.users).doc(uid);
  const user = (await userRef.get()).data();
  await cancelBillingAtProvider(db, uid, deps.gateway);
  const writes: Write[] = [];

  for (const request of await requestsOf(db, uid)) {
    const status = storedRequestStatusSchema.safeParse(request.data().status);
    if (status.success && canTransitionRequest(status.data, REQUEST_STATUS.cancelled)) {
      writes.push({
        ref: request.ref,
        data: { status: REQUEST_STATUS.cancelled, cancelledAt: at, updatedAt: at },
      });
      writes.push(...(await expirePendingOffers(db, request.id, at)));
    }
    for (const place of await request.ref.collection(SUBCOLLECTIONS.requestPrivate).listDocuments())
      writes.push({ ref: place });
    const photos = await request.ref.collection(SUBCOLLECTIONS.requestPhotos).listDocuments();
    for (const photo of photos) writes.push({ ref: photo });
    if (photos.length > 0 || request.get(REQUEST_FIELDS.photoCount) !== undefined) {
      writes.push({
        ref: request.ref,
        data: {
          [REQUEST_FIELDS.photoCount]: FieldValue.delete(),
          [REQUEST_FIELDS.thumbnail]: FieldValue.delete(),
        },
      });
    }
    writes.push(...(await anonymiseReview(db, request.data())));
  }
  for (const offer of await offersMadeBy(db, uid)) {
    const status = offerStatusSchema.safeParse(offer.data().status);
    if (status.success && canTransitionOffer(status.data, OFFER_STATUS.expired)) {
      writes.push({ ref: offer.ref, data: { status: OFFER_STATUS.expired, updatedAt: at } });
    }
  }
  for (const conversation of await conversationsOf(db, uid)) {
    const side = conversation.data().participants?.customerId === uid ? "customerName" : "merchantName";
    writes.push({
      ref: conversation.ref,
      data: {
        [`participants.${side}`]: DELETED_USER_NAME,
        status: CONVERSATION_STATUS.closed,
        closedBy: CONVERSATION_CLOSED_BY.accountDeleted,
        updatedAt: at,
      },
    });
    for (const message of await messagesWrittenIn(conversation, uid)) {
      writes.push({ ref: message.ref, data: { senderName: DELETED_USER_NAME } });
    }
  }
  await commitAll(db, writes);
  await reduceBillingRecords(db, uid, deps.now());
  // Every document keyed by the account that goes with it (account-data.ts), users/{uid} last with its
  // sub-collections (the token ledger, the notifications and their settings).
  await deleteKeyedDocuments(db, uid);
  await db
    .collection(COLLECTIONS.profiles)
    .doc(uid)
    .set({
      uid,
      displayName: DELETED_USER_NAME,
      userType: user?.userType === "merchant" ? "merchant" : "customer",
      averageRating: 0,
      totalRatings: 0,
      deleted: true,
    });
  await deps.auth.deleteUser(uid).catch((error: unknown) => {
    if ((error as { code?: string }).code !== "auth/user-not-found") throw error;
  });
  return { deleted: true };
}

export const deleteMyAccount = guardedCall(
  ACCOUNT_GUARD.account,
  sized("deleteMyAccount", { ...callableOptions, secrets: [stripeSecretKey, stripeWebhookSecret] }),
  (request): Promise<DeleteMyAccountOutput> =>
    runDeal("deleteMyAccount", request.auth?.uid, PRIVACY_MESSAGES.deleteFailed, async (uid) => {
      parseCallableInput(deleteMyAccountInputSchema, request.data ?? {});
      const now = new Date();
      // A stolen session must not erase an account: the caller signed in again within minutes.
      if (!isRecentSignIn(request.auth?.token.auth_time, now)) {
        throw new HttpsError("failed-precondition", PRIVACY_MESSAGES.recentLoginRequired);
      }
      const db = adminDb();
      const clock = await clockFor(db);
      return deleteAccountFor(uid, {
        db,
        auth: adminAuth(),
        now: () => now,
        gateway: gatewayFor(db, clock),
      });
    }),
);
