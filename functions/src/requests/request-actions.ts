import { Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { FAILURE_REASONS, failureDetails } from "@/domain/boundary/errors";
import { COLLECTIONS, REQUEST_FIELDS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { MAX_ACTIVE_REQUESTS_PER_BUYER } from "@/domain/core/limits";
import { PUBLISHING_MESSAGES } from "@/domain/marketplace/publishing-messages";
import {
  type CloseRequestInput,
  closeRequestInputSchema,
  type RenewRequestInput,
  type RequestLifeOutput,
  renewCheck,
  renewRequestInputSchema,
  requestExpiresAt,
} from "@/domain/marketplace/request-life";
import { REQUEST_LIFE_MESSAGES } from "@/domain/marketplace/request-life-messages";
import {
  assertRequestTransition,
  isExpiredRequest,
  REQUEST_STATUS,
} from "@/domain/marketplace/state-machine";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { assertTransition, type DealDeps, readConversations, requestRef, runDeal } from "../deals/deal-store";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { expireOffers, readLifeRequest, readPendingOffers } from "./request-life-store";

/** Only the request's buyer may close or renew it. */
function assertOwner(customerId: string, uid: string): void {
  if (customerId !== uid) throw new HttpsError("permission-denied", ERROR_MESSAGES.permissionDenied);
}

/**
 * closeRequest({requestId, reason?}) → {requestId, status}, one transaction: the buyer's active request
 * → cancelled with cancelledAt (and closeReason); its pending offers → expired, their conversations
 * touched so both lists re-sort. Clients cannot write a request's status (firestore.rules).
 */
export async function closeRequestFor(
  uid: string,
  input: CloseRequestInput,
  deps: DealDeps,
): Promise<RequestLifeOutput> {
  const { db } = deps;
  const ref = requestRef(db, input.requestId);
  return db.runTransaction(async (tx) => {
    const request = readLifeRequest(await tx.get(ref));
    assertOwner(request.customerId, uid);
    assertTransition(assertRequestTransition(request.status, REQUEST_STATUS.cancelled));
    const offers = await readPendingOffers(tx, db, request.id);
    const conversations = await readConversations(
      tx,
      db,
      offers.map((offer) => offer.id),
    );
    const at = Timestamp.fromDate(deps.now());
    const reason = input.reason?.trim();
    tx.update(ref, {
      status: REQUEST_STATUS.cancelled,
      cancelledAt: at,
      ...(reason ? { closeReason: reason } : {}),
      updatedAt: at,
    });
    expireOffers(tx, offers, at);
    for (const conversation of conversations) tx.update(conversation, { updatedAt: at });
    return { requestId: request.id, status: REQUEST_STATUS.cancelled };
  });
}

/**
 * renewRequest({requestId}) → {requestId, status, expiresAt}: an active request in its last 2 days, or
 * an expired one up to 30 days after its expiry (request-life.ts renewCheck), takes offers for 7 more
 * days from now (expiresAt = now + 7 days, renewedAt). An expired one goes back to active only while
 * the buyer has fewer than MAX_ACTIVE_REQUESTS_PER_BUYER active requests, as publishing requires. Its
 * offers that expired stay expired (those shops may read the request again in their feed).
 */
export async function renewRequestFor(
  uid: string,
  input: RenewRequestInput,
  deps: DealDeps,
): Promise<RequestLifeOutput> {
  const { db } = deps;
  const ref = requestRef(db, input.requestId);
  return db.runTransaction(async (tx) => {
    const request = readLifeRequest(await tx.get(ref));
    assertOwner(request.customerId, uid);
    const now = deps.now();
    const check = renewCheck(request, now);
    if (!check.ok) {
      const details = check.transitionRefused ? failureDetails(FAILURE_REASONS.transitionRefused) : undefined;
      throw new HttpsError("failed-precondition", check.message, details);
    }
    if (isExpiredRequest(request.status)) {
      const active = await tx.get(
        db
          .collection(COLLECTIONS.requests)
          .where(REQUEST_FIELDS.customerId, "==", uid)
          .where(REQUEST_FIELDS.status, "==", REQUEST_STATUS.active)
          .limit(MAX_ACTIVE_REQUESTS_PER_BUYER),
      );
      if (active.size >= MAX_ACTIVE_REQUESTS_PER_BUYER) {
        throw new HttpsError("failed-precondition", PUBLISHING_MESSAGES.tooManyActive);
      }
    }
    const expiresAt = requestExpiresAt(now);
    const at = Timestamp.fromDate(now);
    tx.update(ref, {
      status: REQUEST_STATUS.active,
      expiresAt: Timestamp.fromDate(expiresAt),
      renewedAt: at,
      updatedAt: at,
    });
    return { requestId: request.id, status: REQUEST_STATUS.active, expiresAt: expiresAt.toISOString() };
  });
}

/** The admin database and the functions' clock (clock.ts: the e2e test clock on the emulators). */
export async function lifeDeps(): Promise<DealDeps> {
  const db = adminDb();
  return { db, now: await clockFor(db) };
}

export const closeRequest = guardedCall(
  ACCOUNT_GUARD.account,
  sized("closeRequest", callableOptions),
  (request): Promise<RequestLifeOutput> =>
    runDeal("closeRequest", request.auth?.uid, REQUEST_LIFE_MESSAGES.closeFailed, async (uid) =>
      closeRequestFor(uid, parseCallableInput(closeRequestInputSchema, request.data), await lifeDeps()),
    ),
);

export const renewRequest = guardedCall(
  ACCOUNT_GUARD.account,
  sized("renewRequest", callableOptions),
  (request): Promise<RequestLifeOutput> =>
    runDeal("renewRequest", request.auth?.uid, REQUEST_LIFE_MESSAGES.renewFailed, async (uid) =>
      renewRequestFor(uid, parseCallableInput(renewRequestInputSchema, request.data), await lifeDeps()),
    ),
);
