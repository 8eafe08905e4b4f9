// The population of the sweeps' bench (sweeps.ts): for each scheduled job, DUE items it has something to
// do for, and beside them documents of the same collections it must leave alone, in the shapes the
// integration tests seed (tests/support: sweep-docs.ts, plans.ts, integration-seed.ts). Written in
// batches of BATCH documents, a few batches at once.

import { type DocumentData, type Firestore, Timestamp } from "firebase-admin/firestore";
import { PROVIDER_STATUS, trialSubscription } from "../../src/domain/billing/plans";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { OFFER_STATUS, REQUEST_STATUS } from "../../src/domain/marketplace/state-machine";
import { userDoc } from "../../tests/support/integration-seed";
import { subscriptionDoc } from "../../tests/support/plans";
import { closedRequestTree, heldOfferDoc, sweepRequestDoc } from "../../tests/support/sweep-docs";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BATCH = 450;
const BATCHES_AT_ONCE = 4;
/** Closed long before the 24-month retention cutoff of the bench's "now". */
const LONG_AGO = Timestamp.fromDate(new Date("2024-01-01T10:00:00Z"));

export type SeedDoc = [path: string, data: DocumentData];

/** A deterministic pseudo-random sequence (the same population every run). */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

const at = (now: Date, ms: number) => Timestamp.fromMillis(now.getTime() + ms);
const buyerOf = (i: number) => `buyer-${i % 100}`;

/** An offer still pending on a request (what expireRequests moves to expired with it). */
function pendingOfferDoc(id: string, requestId: string, customerId: string, now: Date): DocumentData {
  const {
    holdReminderSentAt: _reminder,
    acceptedAt: _accepted,
    ...offer
  } = heldOfferDoc(id, customerId, now);
  return { ...offer, requestId, merchantId: `shop-${id}`, status: OFFER_STATUS.pending };
}

/**
 * The due items, `due` of each kind: requests past their expiry (two pending offers each), requests
 * entering their last day, requests closed before the retention cutoff (two offers and chats each),
 * holds ending within the reminder's lead, free months ending in 5 days, and e-mails their flow left
 * pending 15 minutes ago.
 */
export function dueDocs(
  due: number,
  now: Date,
  notification: (uid: string, index: number) => SeedDoc,
): SeedDoc[] {
  const docs: SeedDoc[] = [];
  for (let i = 0; i < due; i++) {
    const buyer = buyerOf(i);
    const expired = `expire-${i}`;
    docs.push([
      `${COLLECTIONS.requests}/${expired}`,
      sweepRequestDoc(expired, buyer, now, { expiresAt: at(now, -HOUR - i * MINUTE) }),
    ]);
    for (const k of [0, 1])
      docs.push([
        `${COLLECTIONS.offers}/${expired}_p${k}`,
        pendingOfferDoc(`${expired}_p${k}`, expired, buyer, now),
      ]);
    const warned = `warn-${i}`;
    docs.push([
      `${COLLECTIONS.requests}/${warned}`,
      sweepRequestDoc(warned, buyer, now, { expiresAt: at(now, (i + 1) * 20 * MINUTE) }),
    ]);
    const old = `old-${i}`;
    docs.push([
      `${COLLECTIONS.requests}/${old}`,
      sweepRequestDoc(old, buyer, now, {
        status: REQUEST_STATUS.completed,
        createdAt: LONG_AGO,
        updatedAt: LONG_AGO,
      }),
    ]);
    docs.push(...closedRequestTree(old, buyer, 2));
    const hold = `hold-${i}`;
    docs.push([
      `${COLLECTIONS.offers}/${hold}`,
      heldOfferDoc(hold, buyer, now, { holdUntil: at(now, (i + 1) * 3 * MINUTE) }),
    ]);
    const shop = `plan-${i}`;
    docs.push([`${COLLECTIONS.users}/${shop}`, userDoc(shop, "merchant")]);
    docs.push([
      `${COLLECTIONS.subscriptions}/${shop}`,
      subscriptionDoc(trialSubscription(shop, new Date(now.getTime() - 25 * DAY))),
    ]);
    const reader = `mailer-${i}`;
    docs.push([`${COLLECTIONS.users}/${reader}`, userDoc(reader, "customer")], notification(reader, i));
  }
  return docs;
}

/**
 * `count` documents not due in each swept collection: requests (half active, expiring in 1.5 to 7
 * days; half closed within the last 23 months), held offers whose hold ends in 1 to 3 days, shops'
 * plans (half a free month ending in 8 to 30 days, half a renewing monthly plan whose period ends
 * within the next 30 days, as renewals spread over the month) and e-mails sent within the last day.
 */
export function notDueDocs(
  count: number,
  now: Date,
  sentNotification: (index: number) => SeedDoc,
): SeedDoc[] {
  const random = randomFrom(41);
  const docs: SeedDoc[] = [];
  const closed = [REQUEST_STATUS.completed, REQUEST_STATUS.cancelled, REQUEST_STATUS.expired];
  for (let i = 0; i < count; i++) {
    const buyer = buyerOf(i);
    const id = `later-${i}`;
    docs.push([
      `${COLLECTIONS.requests}/${id}`,
      i % 2 === 0
        ? sweepRequestDoc(id, buyer, now, { expiresAt: at(now, 1.5 * DAY + random() * 5.5 * DAY) })
        : sweepRequestDoc(id, buyer, now, {
            status: closed[i % closed.length],
            updatedAt: at(now, -(1 + random() * 690) * DAY),
            expiresAt: at(now, -DAY),
          }),
    ]);
    docs.push([
      `${COLLECTIONS.offers}/held-${i}`,
      heldOfferDoc(`held-${i}`, buyer, now, { holdUntil: at(now, DAY + random() * 2 * DAY) }),
    ]);
    const shop = `shop-${i}`;
    const ends = new Date(
      now.getTime() + (i % 2 === 0 ? 8 * DAY + random() * 22 * DAY : HOUR + random() * 30 * DAY),
    );
    const plan =
      i % 2 === 0
        ? { ...trialSubscription(shop, new Date(now.getTime() - 5 * DAY)), trialEndsAt: ends }
        : {
            ...trialSubscription(shop, new Date(now.getTime() - 200 * DAY)),
            plan: "monthly" as const,
            status: PROVIDER_STATUS.active,
            periodEnd: ends,
          };
    docs.push([`${COLLECTIONS.subscriptions}/${shop}`, subscriptionDoc(plan)], sentNotification(i));
  }
  return docs;
}

/** Writes `docs` in batches of BATCH, BATCHES_AT_ONCE batches at a time. */
export async function writeAll(db: Firestore, docs: readonly SeedDoc[]): Promise<void> {
  const batches: SeedDoc[][] = [];
  for (let i = 0; i < docs.length; i += BATCH) batches.push(docs.slice(i, i + BATCH));
  let next = 0;
  const lane = async () => {
    while (next < batches.length) {
      const batch = db.batch();
      for (const [path, data] of batches[next++] ?? []) batch.set(db.doc(path), data);
      await batch.commit();
    }
  };
  await Promise.all(Array.from({ length: BATCHES_AT_ONCE }, lane));
}
