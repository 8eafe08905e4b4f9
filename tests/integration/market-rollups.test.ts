// The market dashboard's numbers against Google's Firestore emulator, with an injected clock: a seeded
// market (requests over three comuni and three categories, published through the request trigger's
// code, offers through submitOffer, deals through acceptOffer and completeTransaction) leaves rollups
// from which the page's computation (src/domain/market/market-dashboard.ts, the very function the page runs)
// gives, for every period, comune and category, exactly what a brute-force pass over the raw documents
// gives. The nightly reconciliation, in small pages, changes none of those numbers, fills the shop
// numbers, leaves older days alone, and a rerun writes the same thing. The page reads at most 4 documents.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import type { RequestCategory } from "../../src/domain/core/enums";
import { type MarketFilter, marketDashboard } from "../../src/domain/market/market-dashboard";
import {
  MARKET_MONTHS_READ_LIMIT,
  MARKET_PERIODS,
  type MarketMonth,
  marketDay,
  marketMonth,
  marketMonthSchema,
  shiftDay,
} from "../../src/domain/market/market-rollups";
import { overrideEnv } from "../support/callables";
import { seedUserDoc, seenTerms, VERIFIED_SHOP } from "../support/integration-seed";
import { bruteForceDashboard, readRaw } from "../support/market-brute-force";
import { seedTrial } from "../support/plans";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type Modules = {
  rollups: typeof import("../../functions/src/analytics/rollups");
  reconcile: typeof import("../../functions/src/analytics/reconcile");
  summaries: typeof import("../../functions/src/analytics/market-summaries");
  submit: typeof import("../../functions/src/offers/submit-offer");
  accept: typeof import("../../functions/src/deals/accept-offer");
  complete: typeof import("../../functions/src/deals/complete-transaction");
  verify: typeof import("../../functions/src/deals/verify-pickup");
  admin: typeof import("../../functions/src/lib/admin");
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date("2026-11-25T10:00:00Z");
const TODAY = marketDay(NOW);
const BUYER = "buyer";
const SHOPS = ["shop-a", "shop-b", "shop-c", "shop-d"];
const LAPSED_SHOP = "shop-lapsed";
const PLACES = [
  { address: "Isola, Milano", lat: 45.49, lng: 9.19, geohash: "u0nd9hb" },
  { address: "Via Roma 5, Monza", lat: 45.58, lng: 9.27, geohash: "u0nfq2b" },
  { address: "Sesto San Giovanni", lat: 45.53, lng: 9.23, geohash: "u0nf2gk" },
  { address: "Brera, Milano", lat: 45.47, lng: 9.19, geohash: "u0nd9gv" },
];
const CATEGORIES: RequestCategory[] = ["casa", "sport", "elettronica"];

let stack: TestStack;
let restoreEnv: () => void = () => {};
let m: Modules;
const db = () => m.admin.adminDb();

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  const [rollups, reconcile, summaries, submit, accept, complete, verify, admin] = await Promise.all([
    import("../../functions/src/analytics/rollups"),
    import("../../functions/src/analytics/reconcile"),
    import("../../functions/src/analytics/market-summaries"),
    import("../../functions/src/offers/submit-offer"),
    import("../../functions/src/deals/accept-offer"),
    import("../../functions/src/deals/complete-transaction"),
    import("../../functions/src/deals/verify-pickup"),
    import("../../functions/src/lib/admin"),
  ]);
  m = { rollups, reconcile, summaries, submit, accept, complete, verify, admin };
});

afterAll(async () => {
  if (m?.admin) await deleteApp(m.admin.adminApp());
  await stopStack();
  restoreEnv();
});

type Event = { at: number; run: () => Promise<unknown> };

/** Requests every 17 hours back from NOW, plus one 40 days old; offers, deals and sales in time order. */
async function playMarket(): Promise<void> {
  await seedUserDoc(db(), BUYER, "customer", { displayName: "Anna Bianchi" });
  for (const [index, shop] of SHOPS.entries()) {
    const verifiedAt = new Date(NOW.getTime() - (12 - index * 3) * DAY);
    await seedUserDoc(db(), shop, "merchant", {
      businessName: `Negozio ${shop}`,
      // Sesto San Giovanni: every request's place is within its 10 km (submitOffer checks the area).
      location: PLACES[2],
      shop: { ...VERIFIED_SHOP, verifiedAt: Timestamp.fromDate(verifiedAt) },
    });
    await seedTrial(db(), shop, new Date(NOW.getTime() - 20 * DAY));
  }
  // A shop whose free month ended 5 days ago.
  await seedUserDoc(db(), LAPSED_SHOP, "merchant", { shop: { ...VERIFIED_SHOP, verifiedAt: null } });
  await seedTrial(db(), LAPSED_SHOP, new Date(NOW.getTime() - 35 * DAY));

  const events: Event[] = [];
  const ages = [...Array.from({ length: 16 }, (_, index) => index * 17 * HOUR), 40 * DAY];
  for (const [index, age] of ages.entries()) {
    const id = `r${index}`;
    const createdAt = new Date(NOW.getTime() - age);
    const doc: DocumentData = {
      id,
      customerId: BUYER,
      productName: `Prodotto ${index}`,
      category: CATEGORIES[index % 3],
      status: index === 5 ? "awaiting_email" : "active",
      actionRadius: 10,
      location: PLACES[index % 4],
      createdAt: Timestamp.fromDate(createdAt),
      updatedAt: Timestamp.fromDate(createdAt),
    };
    events.push({
      at: createdAt.getTime(),
      run: async () => {
        await db().doc(`requests/${id}`).set(doc);
        await m.rollups.recordRequestWrite(db(), undefined, doc, createdAt, HOUR);
      },
    });
    if (index === 5) continue;
    const shops = SHOPS.slice(0, index % 4);
    for (const [rank, shop] of shops.entries()) {
      const at = createdAt.getTime() + ((index * 7 + rank * 13) % 40) * HOUR + rank * 11 * MINUTE;
      events.push({ at, run: () => offer(shop, id, at) });
    }
    if (shops.length > 0 && index % 3 !== 2) {
      const acceptAt = createdAt.getTime() + 45 * HOUR;
      events.push({ at: acceptAt, run: () => acceptFirst(id, acceptAt) });
      // Some sales are proved at the till first (the pickup code), then rated.
      if (index % 8 === 2)
        events.push({ at: acceptAt + 2 * HOUR, run: () => verifyAtTill(id, acceptAt + 2 * HOUR) });
      if (index % 2 === 0)
        events.push({ at: acceptAt + 3 * HOUR, run: () => complete(id, acceptAt + 3 * HOUR) });
    }
  }
  events.sort((a, b) => a.at - b.at);
  for (const event of events) if (event.at <= NOW.getTime()) await event.run();
}

const deps = (at: number) => ({ db: db(), now: () => new Date(at) });
/** The notification e-mails' queue: nobody is mailed here. */
const noQueue = { enqueue: async () => {} };

/** Offers come from the feed, a notification and the catalogue in turn (the page shares them by origin). */
const ORIGINS = ["feed", "notifica", "catalogo"] as const;
let offered = 0;

async function offer(shop: string, requestId: string, at: number) {
  const origin = ORIGINS[offered++ % ORIGINS.length];
  const terms = {
    requestId,
    price: 50,
    description: "Disponibile in negozio",
    deliveryOptions: ["pickup"],
    origin,
  };
  await m.submit.submitOfferCall(shop, terms, { ...deps(at), emailQueue: noQueue });
}

async function acceptFirst(requestId: string, at: number) {
  const offers = await db().collection(COLLECTIONS.offers).where("requestId", "==", requestId).get();
  const first = offers.docs.sort((a, b) => a.get("createdAt").toMillis() - b.get("createdAt").toMillis())[0];
  if (!first) return;
  const terms = await seenTerms(db(), first.id);
  await m.accept.acceptOfferCall(BUYER, { offerId: first.id, terms }, { ...deps(at), emailQueue: noQueue });
}

/** The deal's shop types the buyer's pickup code at the till (verifyPickup). */
async function verifyAtTill(requestId: string, at: number) {
  const accepted = await db()
    .collection(COLLECTIONS.offers)
    .where("requestId", "==", requestId)
    .where("status", "==", "accepted")
    .get();
  const offer = accepted.docs[0];
  if (!offer) return;
  const code = String((await m.verify.pickupCodeRef(db(), offer.id).get()).get("code"));
  await m.verify.verifyPickupFor(String(offer.get("merchantId")), { offerId: offer.id, code }, deps(at));
}

async function complete(requestId: string, at: number) {
  await m.complete.completeTransactionCall(
    BUYER,
    { requestId, rating: 5 },
    {
      ...deps(at),
      emailProven: async () => false,
    },
  );
}

/** What the page reads: the months from 90 days back, at most 4, parsed as the app parses them. */
async function pageMonths(): Promise<MarketMonth[]> {
  const from = marketMonth(shiftDay(TODAY, -89));
  const snapshot = await db()
    .collection(COLLECTIONS.marketRollups)
    .where("__name__", ">=", from)
    .orderBy("__name__")
    .limit(MARKET_MONTHS_READ_LIMIT)
    .get();
  expect(snapshot.size).toBeLessThanOrEqual(MARKET_MONTHS_READ_LIMIT);
  return snapshot.docs.map((doc) => marketMonthSchema.parse(doc.data()));
}

/** Every selection the page offers: each period, all, each comune, each category. */
function filters(): MarketFilter[] {
  const comuni = [undefined, "milano", "monza", "sesto-san-giovanni"];
  const categories = [undefined, ...CATEGORIES];
  return MARKET_PERIODS.flatMap((period) => [
    ...comuni.map((comune) => ({ period, today: TODAY, comune })),
    ...categories.slice(1).map((category) => ({ period, today: TODAY, category })),
    { period, today: TODAY, comune: "milano", category: "casa" as const },
  ]);
}

async function expectPageEqualsBruteForce(options: { shops: boolean }) {
  const months = await pageMonths();
  const raw = await readRaw(db());
  for (const filter of filters()) {
    const page = marketDashboard(months, filter);
    const truth = bruteForceDashboard(raw, filter, NOW);
    const { shops: pageShops, ...pageRest } = page;
    const { shops: truthShops, ...truthRest } = truth;
    expect(pageRest, JSON.stringify(filter)).toEqual(truthRest);
    if (options.shops) expect(pageShops, JSON.stringify(filter)).toEqual(truthShops);
  }
}

describe("market rollups", () => {
  beforeEach(async () => {
    await stack.resetData();
    await playMarket();
    // The hourly job folds the events' day-and-comune shards into the month summaries the page reads.
    const built = await m.summaries.buildMarketSummariesFor({ ...deps(NOW.getTime()), pageSize: 4 });
    expect(built.complete).toBe(true);
    expect(built.shards).toBeGreaterThan(4);
  });

  it("the events' increments give the page the brute-force numbers, for every selection", async () => {
    const board = marketDashboard(await pageMonths(), { period: 90, today: TODAY });
    // The scenario is not empty: requests, offers, deals, sales and hidden small groups all occur.
    expect(board.totals?.published).toBe(16);
    expect(board.totals?.offers).toBeGreaterThan(10);
    expect(board.totals?.accepted).toBeGreaterThan(2);
    expect(board.totals?.completed).toBeGreaterThan(0);
    expect(board.totals?.verified).toBeGreaterThan(0);
    expect(board.totals?.unanswered).toBeGreaterThan(2);
    expect(board.totals?.offersFromNotification).toBeGreaterThan(0);
    expect(board.totals?.offersFromCatalogue).toBeGreaterThan(0);
    await expectPageEqualsBruteForce({ shops: false });
  });

  it("the nightly reconciliation, in pages, keeps every number, adds the shops' and is idempotent", async () => {
    const before = await pageMonths();
    const run = await m.reconcile.reconcileMarketRollups({ ...deps(NOW.getTime()), pageSize: 3 });
    expect(run.complete).toBe(true);
    expect(run.requests).toBe(15); // the last 14 days, not the one awaiting its e-mail, not the old one
    await expectPageEqualsBruteForce({ shops: true });
    const board = marketDashboard(await pageMonths(), { period: 30, today: TODAY });
    expect(board.shops).toEqual({ newShops: 4, lapsedPlans: 1 });
    // The cells outside the 14 days are the increments' own.
    const old = marketDay(new Date(NOW.getTime() - 40 * DAY));
    const cellsOf = (months: MarketMonth[]) =>
      months.flatMap((month) => Object.values(month.cells)).filter((cell) => cell.day === old);
    expect(cellsOf(await pageMonths())).toEqual(cellsOf(before));
    const first = await pageMonths();
    await m.reconcile.reconcileMarketRollups(deps(NOW.getTime()));
    expect(await pageMonths()).toEqual(first);
  });

  it("a run stopped by its time budget keeps the days it finished; the next goes on from there", async () => {
    let tick = 0;
    const stopped = await m.reconcile.reconcileMarketRollups({
      ...deps(NOW.getTime()),
      pageSize: 1,
      budgetMs: 4,
      wallClock: () => tick++,
    });
    expect(stopped.complete).toBe(false);
    expect(stopped.done.length).toBeGreaterThan(0);
    expect(stopped.done.length).toBeLessThan(14);
    const next = await m.reconcile.reconcileMarketRollups({ ...deps(NOW.getTime()), pageSize: 3 });
    expect(next.complete).toBe(true);
    expect(next.requests).toBe(15 - stopped.requests); // the finished days are not counted again
    await expectPageEqualsBruteForce({ shops: true });
    // Done for the night: a further run reads its progress and writes nothing.
    const again = await m.reconcile.reconcileMarketRollups(deps(NOW.getTime()));
    expect(again).toMatchObject({ complete: true, requests: 0 });
  });

  it("an event after the summary reaches the page with the next hourly run, and only its shard is read", async () => {
    await offer("shop-d", "r0", NOW.getTime());
    const built = await m.summaries.buildMarketSummariesFor(deps(NOW.getTime()));
    // The shards at or after the cursor: the one just written and those of the last page folded.
    expect(built.shards).toBeLessThanOrEqual(4);
    await expectPageEqualsBruteForce({ shops: false });
  });

  it("no shard holds more than one day and comune, and the summaries' cells are exempt from indexing", async () => {
    const shards = await db().collection(COLLECTIONS.marketDays).get();
    for (const shard of shards.docs) {
      expect(shard.id).toBe(`${shard.get("day")}_${shard.get("comune")}`);
      for (const cell of Object.values(shard.get("cells") as Record<string, { day: string }>))
        expect(cell.day).toBe(shard.get("day"));
    }
    const overrides = (await import("../../firestore.indexes.json")).fieldOverrides;
    const exempt = (group: string, field: string) =>
      overrides.some((o) => o.collectionGroup === group && o.fieldPath === field && o.indexes.length === 0);
    expect(exempt("marketDays", "cells")).toBe(true);
    expect(exempt("marketRollups", "cells")).toBe(true);
  });
});
