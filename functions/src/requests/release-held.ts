import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { COLLECTIONS, REQUEST_FIELDS } from "@/domain/core/collections";
import { MAX_ACTIVE_REQUESTS_PER_BUYER } from "@/domain/core/limits";
import { requestExpiresAt } from "@/domain/marketplace/request-life";
import {
  canTransitionRequest,
  REQUEST_STATUS,
  storedRequestStatusSchema,
} from "@/domain/marketplace/state-machine";
import { logUnexpectedError } from "../lib/error-log";

/**
 * A buyer whose e-mail was not proven publishes requests `awaiting_email` (publish.ts): stored, on their
 * own cards, seen by no shop (the rules, the feed, submitOffer and the digest all ask for `active`).
 * Once the address is proven (the magic link: verifyMagicLink, reclaimAccount) this makes them active,
 * each in a transaction through the state machine, with a fresh expiresAt: the 7 days shops have to
 * answer start now. At most MAX_ACTIVE_REQUESTS_PER_BUYER are held (publishing counts them in the cap).
 */
export async function releaseHeldRequests(db: Firestore, uid: string, now: Date): Promise<string[]> {
  const held = await db
    .collection(COLLECTIONS.requests)
    .where(REQUEST_FIELDS.customerId, "==", uid)
    .where(REQUEST_FIELDS.status, "==", REQUEST_STATUS.awaitingEmail)
    .limit(MAX_ACTIVE_REQUESTS_PER_BUYER)
    .get();
  const released: string[] = [];
  for (const request of held.docs) {
    const moved = await db.runTransaction(async (tx) => {
      const status = storedRequestStatusSchema.safeParse(
        (await tx.get(request.ref)).get(REQUEST_FIELDS.status),
      );
      if (!status.success || !canTransitionRequest(status.data, REQUEST_STATUS.active)) return false;
      if (status.data !== REQUEST_STATUS.awaitingEmail) return false;
      tx.update(request.ref, {
        [REQUEST_FIELDS.status]: REQUEST_STATUS.active,
        [REQUEST_FIELDS.expiresAt]: Timestamp.fromDate(requestExpiresAt(now)),
        [REQUEST_FIELDS.updatedAt]: Timestamp.fromDate(now),
      });
      return true;
    });
    if (moved) released.push(request.id);
  }
  return released;
}

/** The same after a sign-in that proved the address: a failure is logged, the sign-in goes on. */
export async function releaseHeldRequestsQuietly(db: Firestore, uid: string, now: Date): Promise<void> {
  try {
    await releaseHeldRequests(db, uid, now);
  } catch (error) {
    logUnexpectedError("releaseHeldRequests failed", error, { uid });
  }
}
