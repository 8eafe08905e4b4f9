import type { Firestore } from "firebase-admin/firestore";
import { Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, REQUEST_FIELDS } from "@/domain/core/collections";
import { REQUEST_EXPIRY_PAGE, SWEEP_CONCURRENCY } from "@/domain/core/limits";
import { effectiveExpiresAt } from "@/domain/marketplace/request-life";
import { canTransitionRequest, isActiveRequest, REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";
import { expireOffers, readLifeRequest, readPendingOffers } from "./request-life-store";

export interface ExpiryDeps {
  db: Firestore;
  now: () => Date;
}

/**
 * Expires one request if it is still active and past its expiry (re-read in the transaction, so a
 * renewal or an acceptance meanwhile wins): active → expired with expiredAt, and in the same
 * transaction its pending offers → expired. Returns whether it moved.
 */
async function expireOne(deps: ExpiryDeps, id: string): Promise<boolean> {
  const { db } = deps;
  const ref = db.collection(COLLECTIONS.requests).doc(id);
  return db.runTransaction(async (tx) => {
    const request = readLifeRequest(await tx.get(ref));
    const now = deps.now();
    if (!isActiveRequest(request.status) || effectiveExpiresAt(request) > now) return false;
    if (!canTransitionRequest(request.status, REQUEST_STATUS.expired)) return false;
    const offers = await readPendingOffers(tx, db, id);
    const at = Timestamp.fromDate(now);
    tx.update(ref, { status: REQUEST_STATUS.expired, expiredAt: at, updatedAt: at });
    expireOffers(tx, offers, at);
    return true;
  });
}

/**
 * The expiry sweep (architecture §2, the request's life): every active request whose expiresAt has
 * passed moves to `expired` with its pending offers, read in pages of the due query (a moved request
 * leaves it; the cursor passes one a transaction left, e.g. renewed meanwhile) until the time budget,
 * the rest left to the next hourly run. Every writer sets expiresAt (publication, renewal, a cancelled
 * deal, the seed); documents older than the field get it once from backfillExpiresAt
 * (backfill-expires-at.ts), so there is no createdAt query returning every renewed request again.
 * Idempotent: a second run finds nothing to move. Returns the ids expired.
 */
export async function runExpireRequests(deps: ExpiryDeps & SweepPaging): Promise<string[]> {
  const { db } = deps;
  const due = db
    .collection(COLLECTIONS.requests)
    .where(REQUEST_FIELDS.status, "==", REQUEST_STATUS.active)
    .where(REQUEST_FIELDS.expiresAt, "<=", Timestamp.fromDate(deps.now()))
    .orderBy(REQUEST_FIELDS.expiresAt);
  const expired: string[] = [];
  await forEachPage(
    due,
    deps,
    async (docs) => {
      const moved = await inParallel(docs, SWEEP_CONCURRENCY, (doc) => expireOne(deps, doc.id));
      expired.push(...docs.filter((_, index) => moved[index]).map((doc) => doc.id));
    },
    REQUEST_EXPIRY_PAGE,
  );
  return expired;
}

/** Every hour: requests past their 7 days stop taking offers (the functions' clock: clock.ts). */
export const expireRequests = onSchedule(
  sized("expireRequests", { schedule: "every 60 minutes", timeZone: "Europe/Rome", region }),
  async () => {
    const db = adminDb();
    const expired = await runExpireRequests({ db, now: await clockFor(db) });
    logger.info("Request expiry sweep", { requestsExpired: expired.length });
  },
);
