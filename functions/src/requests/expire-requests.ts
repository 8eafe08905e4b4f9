import type { Firestore, Query } from "firebase-admin/firestore";
import { Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, REQUEST_FIELDS } from "@/domain/collections";
import { REQUEST_EXPIRY_PAGE, REQUEST_LIFETIME_MS } from "@/domain/limits";
import { effectiveExpiresAt } from "@/domain/request-life";
import { canTransitionRequest, isActiveRequest, REQUEST_STATUS } from "@/domain/state-machine";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
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

/** Every id a query returns, page by page (ordered by `field`, so a page that moves nothing still advances). */
async function idsOf(query: Query, field: string): Promise<string[]> {
  const ids: string[] = [];
  let page = await query.orderBy(field).limit(REQUEST_EXPIRY_PAGE).get();
  for (;;) {
    ids.push(...page.docs.map((doc) => doc.id));
    const last = page.docs.at(-1);
    if (page.size < REQUEST_EXPIRY_PAGE || !last) return ids;
    page = await query.orderBy(field).startAfter(last).limit(REQUEST_EXPIRY_PAGE).get();
  }
}

/**
 * The expiry sweep (architecture §2, the request's life): every active request whose expiresAt has
 * passed, and every older active request without expiresAt whose createdAt + 7 days has (documents
 * written before the field), moves to `expired` with its pending offers. Idempotent: a second run finds
 * nothing to move. Returns the ids expired.
 */
export async function runExpireRequests(deps: ExpiryDeps): Promise<string[]> {
  const { db } = deps;
  const now = Timestamp.fromDate(deps.now());
  const active = db
    .collection(COLLECTIONS.requests)
    .where(REQUEST_FIELDS.status, "==", REQUEST_STATUS.active);
  const legacyCutoff = Timestamp.fromMillis(now.toMillis() - REQUEST_LIFETIME_MS);
  const [due, legacy] = await Promise.all([
    idsOf(active.where(REQUEST_FIELDS.expiresAt, "<=", now), REQUEST_FIELDS.expiresAt),
    // Includes requests renewed since (they have expiresAt in the future): expireOne leaves them.
    idsOf(active.where(REQUEST_FIELDS.createdAt, "<=", legacyCutoff), REQUEST_FIELDS.createdAt),
  ]);
  const expired: string[] = [];
  for (const id of new Set([...due, ...legacy])) {
    if (await expireOne(deps, id)) expired.push(id);
  }
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
