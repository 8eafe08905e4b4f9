import type { Auth } from "firebase-admin/auth";
import { FieldPath, FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { COLLECTIONS, OFFER_FIELDS, REQUEST_FIELDS } from "@/domain/core/collections";
import { CONVERSATION_CLOSED_BY, participantsSchema } from "@/domain/marketplace/conversation";
import {
  CONVERSATION_STATUS,
  canTransitionRequest,
  OFFER_STATUS,
  REQUEST_STATUS,
  type RequestStatus,
  storedRequestStatusSchema,
} from "@/domain/marketplace/state-machine";
import type { MailTransport } from "../email/send";
import { conversationClosedEvent } from "../notifications/events";
import { notify } from "../notifications/notify";

/** Documents per page: each page is one batch (well under Firestore's 500 writes). */
export const SUSPENSION_PAGE_SIZE = 200;

export interface SuspensionDeps {
  db: Firestore;
  now: () => Date;
  mail: MailTransport;
}

/**
 * Every document of `collection` where `field == uid`, a page at a time in id order (a single-field
 * index, no composite one), handed to `page` until none is left. Also the refused shop's offers'
 * (withdrawOpenOffersOf).
 */
export async function forEachPage(
  db: Firestore,
  collection: string,
  field: string,
  uid: string,
  page: (docs: FirebaseFirestore.QueryDocumentSnapshot[]) => Promise<void>,
): Promise<void> {
  let after: string | null = null;
  for (;;) {
    let query = db
      .collection(collection)
      .where(field, "==", uid)
      .orderBy(FieldPath.documentId())
      .limit(SUSPENSION_PAGE_SIZE);
    if (after) query = query.startAfter(after);
    const snapshot = await query.get();
    if (snapshot.empty) return;
    await page(snapshot.docs);
    after = snapshot.docs[snapshot.docs.length - 1]?.id ?? null;
    if (snapshot.size < SUSPENSION_PAGE_SIZE) return;
  }
}

/**
 * A suspended account's dealings end at once (the rules already refuse it everything): its active
 * conversations close (closedBy moderation), its pending offers expire, and the person on the other side
 * of each closed conversation gets a `conversation_closed` notification. Bounded, paged batches; rerunning
 * it finds nothing left to do and notifies nobody twice (the notification's id is the conversation's).
 */
export async function endSuspendedDealings(deps: SuspensionDeps, uid: string, at: Timestamp): Promise<void> {
  const { db } = deps;
  const told: Array<Parameters<typeof conversationClosedEvent>[0]> = [];
  for (const side of ["customerId", "merchantId"] as const) {
    await forEachPage(db, COLLECTIONS.conversations, `participants.${side}`, uid, async (docs) => {
      const batch = db.batch();
      for (const chat of docs) {
        const data = chat.data();
        if ((data.status ?? CONVERSATION_STATUS.active) !== CONVERSATION_STATUS.active) continue;
        batch.update(chat.ref, {
          status: CONVERSATION_STATUS.closed,
          closedBy: CONVERSATION_CLOSED_BY.moderation,
          updatedAt: at,
        });
        const participants = participantsSchema.safeParse(data.participants);
        if (!participants.success) continue;
        const p = participants.data;
        const suspendedIsBuyer = side === "customerId";
        told.push({
          recipientId: suspendedIsBuyer ? p.merchantId : p.customerId,
          conversationId: chat.id,
          otherName: suspendedIsBuyer ? p.customerName : p.merchantName,
          productName: typeof data.productName === "string" ? data.productName : "la richiesta",
        });
      }
      await batch.commit();
    });
  }
  await forEachPage(db, COLLECTIONS.offers, OFFER_FIELDS.merchantId, uid, async (docs) => {
    const batch = db.batch();
    for (const offer of docs) {
      if (offer.get(OFFER_FIELDS.status) !== OFFER_STATUS.pending) continue;
      batch.update(offer.ref, { status: OFFER_STATUS.expired, updatedAt: at });
    }
    await batch.commit();
  });
  await moveRequests(db, uid, REQUEST_STATUS.active, REQUEST_STATUS.suspended, at);
  for (const event of told) {
    try {
      await notify(deps, conversationClosedEvent(event));
    } catch (error) {
      // The closing stands; a lost notice is logged, never undoes it.
      logger.warn("Suspension notice not written", { uid: event.recipientId, error: String(error) });
    }
  }
}

/**
 * The buyer's requests in `from` move to `to`, a page (one batch) at a time: suspending holds the
 * active ones (REQUEST_STATUS.suspended: out of every feed, the fan-out, digests and group offers, and
 * no offer accepted), lifting the suspension makes them active again (the expiry sweep ends any whose
 * 7 days ran out meanwhile). Their pending offers stay pending, so they come back with the request.
 */
async function moveRequests(
  db: Firestore,
  uid: string,
  from: RequestStatus,
  to: RequestStatus,
  at: Timestamp,
): Promise<void> {
  await forEachPage(db, COLLECTIONS.requests, REQUEST_FIELDS.customerId, uid, async (docs) => {
    const batch = db.batch();
    let moved = 0;
    for (const request of docs) {
      const status = storedRequestStatusSchema.safeParse(request.get(REQUEST_FIELDS.status));
      if (!status.success || status.data !== from || !canTransitionRequest(from, to)) continue;
      batch.update(request.ref, { status: to, updatedAt: at });
      moved += 1;
    }
    if (moved > 0) await batch.commit();
  });
}

/**
 * An admin lifts a suspension (liftSuspension): the account may sign in again (Auth enabled), the
 * marks go (users/{uid}.suspendedAt, profiles/{uid}.suspended) and its held requests are active
 * again. Conversations closed and offers expired by the suspension stay so: the other side was told.
 */
export async function liftSuspensionOf(
  deps: Pick<SuspensionDeps, "db" | "now"> & { auth: Auth },
  uid: string,
): Promise<void> {
  const { db } = deps;
  const at = Timestamp.fromDate(deps.now());
  const user = db.collection(COLLECTIONS.users).doc(uid);
  if ((await user.get()).exists) await user.update({ suspendedAt: FieldValue.delete() });
  const profile = db.collection(COLLECTIONS.profiles).doc(uid);
  if ((await profile.get()).exists) await profile.update({ suspended: FieldValue.delete() });
  // Accounts suspended before suspensions stopped disabling Auth get their sign-in back.
  await deps.auth.updateUser(uid, { disabled: false });
  await moveRequests(db, uid, REQUEST_STATUS.suspended, REQUEST_STATUS.active, at);
}
