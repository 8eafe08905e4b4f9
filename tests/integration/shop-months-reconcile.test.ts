// The nightly repair of the shops' funnels (functions/src/analytics/reconcile-shop-months.ts) against
// Google's Firestore emulator, with an injected clock and a small page size: it takes the shop accounts
// in pages of a bounded limit, counts each one's due months with aggregation queries (no offer read),
// replaces each shop's numbers when they differ (a shop with a wrong counter and no event goes to 0),
// leaves other months alone, does nothing more once the night is done, and a run stopped by its time
// budget keeps what it counted: the next run goes on from its cursor.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Query, Timestamp } from "firebase-admin/firestore";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { overrideEnv } from "../support/callables";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type ReconcileModule = typeof import("../../functions/src/analytics/reconcile-shop-months");
type AdminModule = typeof import("../../functions/src/lib/admin");

const NOW = new Date("2026-11-25T10:00:00Z");

let stack: TestStack;
let restoreEnv: () => void = () => {};
let reconcile: ReconcileModule;
let admin: AdminModule;
const db = () => admin.adminDb();

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [reconcile, admin] = await Promise.all([
    import("../../functions/src/analytics/reconcile-shop-months"),
    import("../../functions/src/lib/admin"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const at = (iso: string) => Timestamp.fromDate(new Date(iso));

async function seedOffer(id: string, merchantId: string, fields: DocumentData) {
  await db()
    .doc(`offers/${id}`)
    .set({ id, requestId: `req-${id}`, merchantId, customerId: "buyer", status: "pending", ...fields });
}

async function seedMonth(month: string, merchantId: string, counts: DocumentData) {
  await db()
    .doc(`shopMonths/${month}_${merchantId}`)
    .set({ merchantId, month, offers: 0, accepted: 0, verified: 0, ...counts });
}

const funnel = async (id: string) => {
  const data = (await db().doc(`shopMonths/${id}`).get()).data();
  return data && { offers: data.offers, accepted: data.accepted, verified: data.verified };
};

/** Every query get() of `run`: its collection, limit and size. */
async function counted<T>(run: () => Promise<T>) {
  const queries: { collection: string; limit: number | undefined; size: number }[] = [];
  const originalGet = Query.prototype.get;
  vi.spyOn(Query.prototype, "get").mockImplementation(async function (this: Query) {
    const snapshot = await originalGet.call(this);
    const options = (this as unknown as { _queryOptions: { collectionId: string; limit?: number } })
      ._queryOptions;
    queries.push({ collection: options.collectionId, limit: options.limit, size: snapshot.size });
    return snapshot;
  });
  try {
    return { result: await run(), queries };
  } finally {
    vi.restoreAllMocks();
  }
}

async function seedNovember() {
  // Elettronica: three offers in November (one at 00:30 on the 1st in Rome, still 31 October in UTC),
  // two accepted, one verified; and one at 23:30 on 31 October in Rome, read (the range's margin) but
  // not counted.
  await seedOffer("a1", "shop-a", {
    createdAt: at("2026-11-03T09:00:00Z"),
    acceptedAt: at("2026-11-04T09:00:00Z"),
    verifiedPurchaseAt: at("2026-11-05T09:00:00Z"),
    status: "accepted",
  });
  await seedOffer("a2", "shop-a", {
    createdAt: at("2026-11-10T09:00:00Z"),
    acceptedAt: at("2026-11-11T09:00:00Z"),
    status: "accepted",
  });
  await seedOffer("a3", "shop-a", { createdAt: at("2026-10-31T23:30:00Z") });
  await seedOffer("a4", "shop-a", { createdAt: at("2026-10-31T22:30:00Z") });
  // Sport: an offer of September (never read), one of October accepted in November, one of November.
  await seedOffer("b1", "shop-b", { createdAt: at("2026-09-20T09:00:00Z") });
  await seedOffer("b2", "shop-b", {
    createdAt: at("2026-10-20T09:00:00Z"),
    acceptedAt: at("2026-11-02T09:00:00Z"),
    status: "accepted",
  });
  await seedOffer("b3", "shop-b", { createdAt: at("2026-11-20T09:00:00Z") });
  // Counters gone wrong: Elettronica's November, a shop with no November event; October left alone.
  await seedMonth("2026-11", "shop-a", { offers: 7, verified: 5 });
  await seedMonth("2026-11", "shop-c", { offers: 2, accepted: 1 });
  await seedMonth("2026-10", "shop-a", { offers: 9 });
}

async function seedShops() {
  for (const uid of ["shop-a", "shop-b", "shop-c", "shop-d"])
    await db().doc(`users/${uid}`).set({ userType: "merchant", displayName: uid });
  await db().doc("users/buyer").set({ userType: "customer", displayName: "buyer" });
}

describe("reconcileShopMonths", () => {
  it("counts each shop's due month with aggregation queries, in bounded pages, and replaces wrong numbers", async () => {
    await seedNovember();
    await seedShops();
    const { result, queries } = await counted(() =>
      reconcile.reconcileShopMonthsFor({ db: db(), now: () => NOW, pageSize: 2 }),
    );
    // shop-a and shop-c were wrong, shop-b had no document; shop-d has nothing and gets none.
    expect(result).toEqual({ months: ["2026-11"], shops: 3, counted: 4, complete: true });
    // The shop accounts in pages of 2 (the buyer never); no offer document read, only counted.
    expect(queries.filter((query) => query.collection === "users").map((query) => query.limit)).toEqual([
      2, 2, 2,
    ]);
    expect(queries.filter((query) => query.collection === "offers")).toEqual([]);

    expect(await funnel("2026-11_shop-a")).toEqual({ offers: 3, accepted: 2, verified: 1 });
    expect(await funnel("2026-11_shop-b")).toEqual({ offers: 1, accepted: 1, verified: 0 });
    expect(await funnel("2026-11_shop-c")).toEqual({ offers: 0, accepted: 0, verified: 0 });
    expect(await funnel("2026-11_shop-d")).toBeUndefined();
    expect(await funnel("2026-10_shop-a")).toEqual({ offers: 9, accepted: 0, verified: 0 });
    const written = (await db().doc("shopMonths/2026-11_shop-b").get()).data();
    expect(written).toMatchObject({
      merchantId: "shop-b",
      month: "2026-11",
      reconciledAt: Timestamp.fromDate(NOW),
    });

    // The night is done: a rerun reads its progress and nothing else.
    const again = await reconcile.reconcileShopMonthsFor({ db: db(), now: () => NOW, pageSize: 2 });
    expect(again).toEqual({ months: ["2026-11"], shops: 0, counted: 0, complete: true });
  });

  it("on a month's first night it repairs the month before too", async () => {
    await seedNovember();
    await seedShops();
    // 03:45 on 1 December in Rome.
    const firstNight = new Date("2026-12-01T02:45:00Z");
    await seedOffer("d1", "shop-b", { createdAt: at("2026-12-01T00:10:00Z") });
    const result = await reconcile.reconcileShopMonthsFor({ db: db(), now: () => firstNight });
    expect(result).toMatchObject({ months: ["2026-11", "2026-12"], complete: true });
    expect(await funnel("2026-11_shop-a")).toEqual({ offers: 3, accepted: 2, verified: 1 });
    expect(await funnel("2026-12_shop-b")).toEqual({ offers: 1, accepted: 0, verified: 0 });
  });

  it("a run stopped by its time budget keeps what it counted; the next goes on from its cursor", async () => {
    await seedNovember();
    await seedShops();
    const stopped = await reconcile.reconcileShopMonthsFor({
      db: db(),
      now: () => NOW,
      pageSize: 1,
      budgetMs: 0,
    });
    // One page: shop-a counted and written, the others not yet.
    expect(stopped).toMatchObject({ complete: false, counted: 1, shops: 1 });
    expect(await funnel("2026-11_shop-a")).toEqual({ offers: 3, accepted: 2, verified: 1 });
    expect(await funnel("2026-11_shop-b")).toBeUndefined();
    const next = await reconcile.reconcileShopMonthsFor({ db: db(), now: () => NOW, pageSize: 1 });
    expect(next).toMatchObject({ complete: true, counted: 3, shops: 2 });
    expect(await funnel("2026-11_shop-b")).toEqual({ offers: 1, accepted: 1, verified: 0 });
    expect(await funnel("2026-11_shop-c")).toEqual({ offers: 0, accepted: 0, verified: 0 });
  });
});
