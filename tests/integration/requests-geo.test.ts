// The merchant feed's radius query (src/domain/geo/geo-feed-plan.ts, geo-feed.ts) against Google's Firestore emulator with
// firestore.rules loaded: through firebase-admin (which bypasses the rules) with the same sub-queries,
// order and cursors as the app's browser executor (src/data/requests.ts), and through the app's own
// client signed in as a real merchant of the Auth emulator, so every query the feed makes must also be
// allowed by the rules. Every page must equal a brute-force scan of the newest requests the merchant
// may see: within their radius and within the request's own reach.

import { getAuth } from "firebase/auth";
import type { Firestore as LiteFirestore } from "firebase/firestore/lite";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { configureFirestore } from "../../functions/src/lib/admin";
import { adminFeedExecutor } from "../../scripts/bench-geo/admin-executor";
import { BENCH_MERCHANTS, type BenchRequest, generateRequests } from "../../scripts/bench-geo/dataset";
import { benchDocument, seedRequests } from "../../scripts/bench-geo/seed";
import { restFeedExecutor } from "../../src/data/feed-over-rest";
import { firestoreFeedExecutor } from "../../src/data/requests";
import { RADIUS_OPTIONS_KM } from "../../src/domain/core/enums";
import { destinationPoint, type LatLng } from "../../src/domain/geo/geo";
import { requestGeoFields } from "../../src/domain/geo/geo-cover";
import {
  compareFeedKeys,
  type FeedExecutor,
  type FeedFilters,
  type FeedItem,
  fetchNearbyPage,
  type NearbyCursor,
  type NearbyPage,
  visibleDistanceKm,
} from "../../src/domain/geo/geo-feed";
import { planNearbyQuery } from "../../src/domain/geo/geo-feed-plan";
import { shopAreaAround } from "../../src/domain/geo/shop-area";
import type { Request } from "../../src/domain/marketplace/request";
import { SHOP_STATUS } from "../../src/domain/people/shop-verification";
import { createMemoryFeedExecutor, memoryFeedKey } from "../../src/testing/geo-memory-executor";
import { type SignedInClient, signedInClient } from "../support/signed-in-client";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

const NOW = Date.UTC(2025, 5, 1, 12);
const milano = BENCH_MERCHANTS[0]!.at;

let stack: TestStack;
let app: App;
let db: Firestore;
/** The app's own client (Firestore Lite over REST, as the merchant pages use it), signed in as shop-1. */
let merchant: SignedInClient;
let lite: LiteFirestore;
/** What the planner and merger are checked against (in memory, through the mirror of the index). */
let population: BenchRequest[];
/**
 * What is stored in Firestore: a fifth of the population, the edge cases and the malformed request.
 * The emulator scans a collection for every sub-query, so the Firestore checks (same answers and reads
 * as the mirror over the same documents) use fewer documents; the density checks run on the mirror.
 */
let stored: BenchRequest[];

/** Requests built to sit on the awkward spots: exactly at radius edges, on equal timestamps. */
function edgeCases(): BenchRequest[] {
  const cases: BenchRequest[] = [];
  let n = 0;
  const add = (at: LatLng, actionRadius: number, createdAtMs: number) => {
    const geo = requestGeoFields(at);
    cases.push({
      id: `edge-${String(n++).padStart(3, "0")}`,
      customerId: "buyer-edge",
      productName: "Caso limite",
      category: "casa",
      urgency: "subito",
      actionRadius,
      status: "active",
      location: { address: "Milano", lat: at.lat, lng: at.lng, geohash: geo.geohash },
      gh3: geo.gh3,
      gh4: geo.gh4,
      gh5: geo.gh5,
      createdAtMs,
    });
  };
  for (const radius of RADIUS_OPTIONS_KM) {
    for (const bearing of [0, 90, 180, 270]) {
      // exactly at the merchant's radius, reaching exactly back: visible at that radius
      add(destinationPoint(milano, radius, bearing), radius, NOW - 60_000);
      // 50 m beyond: never visible at that radius
      add(destinationPoint(milano, radius + 0.05, bearing + 45), 100, NOW - 60_000);
    }
  }
  return cases;
}

/** The users the rules look up: the signed-in shop and the buyer of the offer tests. */
async function seedUsers(): Promise<void> {
  const createdAt = Timestamp.fromMillis(NOW);
  const user = (uid: string, userType: "customer" | "merchant", displayName: string) => ({
    id: uid,
    uid,
    email: `${uid}@example.it`,
    displayName,
    userType,
    createdAt,
  });
  await Promise.all([
    db.doc("users/shop-1").set({
      ...user("shop-1", "merchant", "Elettronica Navigli"),
      businessName: "Elettronica Navigli",
      // As verifyShop leaves it: the rules open the feed to verified shops only.
      shop: {
        status: SHOP_STATUS.verified,
        partitaIva: "04812310151",
        categories: ["elettronica"],
        verifiedAt: createdAt,
      },
    }),
    db.doc("users/buyer-1").set(user("buyer-1", "customer", "Giulia Rossi")),
    // As syncProfile leaves it for the verified shop at Rozzano, where the app's feed below runs: the
    // rules bound its feed to this area.
    db.doc("shopAreas/shop-1").set(shopAreaAround(BENCH_MERCHANTS[1]!.at)),
  ]);
}

/** One malformed request (no product name) right in the middle of Milano, newest of all. */
const BROKEN: BenchRequest = { ...edgeCases()[0]!, id: "broken", createdAtMs: NOW };

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  await stack.resetData();
  process.env.METADATA_SERVER_DETECTION ??= "none";
  app = initializeApp({ projectId: stack.projectId }, `requests-geo-${process.pid}`);
  db = configureFirestore(getFirestore(app), stack.hosts.firestore);
  const generated = generateRequests(4000, 7, NOW);
  population = [...generated, ...edgeCases()];
  stored = [...generated.filter((_, index) => index % 5 === 0), ...edgeCases()];
  await Promise.all([seedRequests(db, stored), seedUsers()]);
  merchant = await signedInClient(stack, { uid: "shop-1", email: "shop-1@example.it" });
  lite = merchant.lite;
  // One malformed request right in the middle of Milano, newest of all: skipped, never a crash.
  await db
    .collection("requests")
    .doc(BROKEN.id)
    .set({ ...benchDocument(BROKEN), productName: "" });
});

afterAll(async () => {
  await merchant?.close();
  if (app) await deleteApp(app);
  await stopStack();
});

function bruteForce(center: LatLng, radius: number, filters: FeedFilters): string[] {
  return population
    .filter(
      (request) =>
        request.status === "active" &&
        (!filters.category || request.category === filters.category) &&
        (!filters.urgency || request.urgency === filters.urgency) &&
        visibleDistanceKm(request, center, radius) !== null,
    )
    .sort((a, b) => compareFeedKeys(memoryFeedKey(a), memoryFeedKey(b)))
    .map((request) => request.id);
}

async function pageThrough<T extends FeedItem>(
  executor: FeedExecutor<T>,
  center: LatLng,
  radius: number,
  filters: FeedFilters,
  pageSize: number,
  maxPages: number,
) {
  const pages: NearbyPage<T>[] = [];
  let cursor: NearbyCursor<T> | null = null;
  for (let page = 0; page < maxPages; page += 1) {
    const result: NearbyPage<T> = await fetchNearbyPage(executor, {
      center,
      radiusKm: radius,
      pageSize,
      ...filters,
      cursor,
    });
    pages.push(result);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  const ids = pages.flatMap((page) => page.items.map((item) => item.id));
  return { pages, ids, reads: pages.map((page) => page.reads), done: cursor === null };
}

const mirror = () => createMemoryFeedExecutor(population);
/** The mirror of what Firestore holds, the malformed request included (read, then rejected by the converter). */
const storedMirror = () => createMemoryFeedExecutor([...stored, BROKEN], (doc) => doc.id !== BROKEN.id);

// The planner and merger against the brute-force scan, through the in-memory mirror of the index (the
// same sub-queries, order, cursors and read counting); Firestore itself is checked against the mirror below.
describe.each(BENCH_MERCHANTS)("the feed for a merchant at $name", ({ at }) => {
  it.each(RADIUS_OPTIONS_KM)("at %i km equals the brute-force scan, page after page", async (radius) => {
    const expected = bruteForce(at, radius, {});
    const { ids, reads, done } = await pageThrough(mirror(), at, radius, {}, 20, 6);
    expect(ids).toEqual(expected.slice(0, ids.length));
    expect(ids.length).toBe(done ? expected.length : 120);
    for (const pageReads of reads) expect(pageReads).toBeLessThanOrEqual(200);
  });
});

describe("Google's Firestore emulator", () => {
  it.each(RADIUS_OPTIONS_KM)(
    "answers the %i km feed's sub-queries exactly as the mirror, reads included",
    async (radius) => {
      const at = BENCH_MERCHANTS[0]!.at;
      const viaFirestore = await pageThrough(adminFeedExecutor<Request>(db), at, radius, {}, 20, 2);
      const viaMirror = await pageThrough(storedMirror(), at, radius, {}, 20, 2);
      expect(viaFirestore.ids).toEqual(viaMirror.ids);
      expect(viaFirestore.reads).toEqual(viaMirror.reads);
    },
  );
});

describe("the feed", () => {
  it("filters by category and urgency in the query", async () => {
    const filters: FeedFilters = { category: "elettronica", urgency: "giorni" };
    const viaFirestore = await pageThrough(adminFeedExecutor<Request>(db), milano, 50, filters, 20, 3);
    const viaMirror = await pageThrough(storedMirror(), milano, 50, filters, 20, 3);
    expect(viaFirestore.ids).toEqual(viaMirror.ids);
    expect(viaFirestore.ids.length).toBeGreaterThan(0);
    const expected = bruteForce(milano, 50, filters);
    const { ids, done } = await pageThrough(mirror(), milano, 50, filters, 20, 3);
    expect(ids).toEqual(expected.slice(0, ids.length));
    expect(done ? ids.length : 60).toBe(Math.min(expected.length, 60));
  });

  it("keeps requests exactly at the edge of both radii and drops those just beyond", async () => {
    const { ids } = await pageThrough(mirror(), milano, 20, { category: "casa", urgency: "subito" }, 50, 10);
    const edge = ids.filter((id) => id.startsWith("edge-"));
    const expected = bruteForce(milano, 20, { category: "casa", urgency: "subito" }).filter((id) =>
      id.startsWith("edge-"),
    );
    expect(edge).toEqual(expected);
    // radius options 5, 10, 20 km (k = 0..2), four bearings each: edge-(8k + 2j) lies exactly at the
    // radius with an action radius of exactly that distance, edge-(8k + 2j + 1) 50 m further out.
    const id = (k: number, j: number, beyond: boolean) =>
      `edge-${String(8 * k + 2 * j + (beyond ? 1 : 0)).padStart(3, "0")}`;
    for (const k of [0, 1, 2]) for (const j of [0, 1, 2, 3]) expect(edge).toContain(id(k, j, false));
    for (const j of [0, 1, 2, 3]) expect(edge).not.toContain(id(2, j, true));
  });

  it("skips a malformed request with a warning and reads the same documents as the in-memory mirror", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const firestore = adminFeedExecutor<Request>(db);
    const page = await fetchNearbyPage(firestore, { center: milano, radiusKm: 5, pageSize: 20 });
    expect(page.items.map((item) => item.id)).not.toContain("broken");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("broken"));
    warn.mockRestore();

    const mirror = await fetchNearbyPage(storedMirror(), {
      center: milano,
      radiusKm: 5,
      pageSize: 20,
    });
    expect(page.items.map((item) => item.id)).toEqual(mirror.items.map((item) => item.id));
  });
});

describe("the app's own client, signed in as a shop, under the rules", () => {
  it.each(RADIUS_OPTIONS_KM)(
    "reads the %i km feed through Firestore Lite exactly as the mirror says",
    async (radius) => {
      const at = BENCH_MERCHANTS[1]!.at;
      const viaApp = await pageThrough(firestoreFeedExecutor(lite), at, radius, {}, 20, 2);
      const viaMirror = await pageThrough(storedMirror(), at, radius, {}, 20, 2);
      expect(viaApp.ids).toEqual(viaMirror.ids);
      expect(viaApp.reads).toEqual(viaMirror.reads);
    },
  );

  // The feed's first page before Firebase has loaded (src/data/feed-over-rest.ts): the same sub-queries
  // and cursors over REST with the shop's ID token, to the nanosecond (the edge cases share timestamps).
  it.each(RADIUS_OPTIONS_KM)("reads the %i km feed over REST exactly as the mirror says", async (radius) => {
    const at = BENCH_MERCHANTS[1]!.at;
    const idToken = await getAuth(merchant.app).currentUser!.getIdToken();
    const database = { origin: `http://${stack.hosts.firestore}`, projectId: stack.projectId };
    const viaRest = await pageThrough(restFeedExecutor({ idToken }, database), at, radius, {}, 20, 2);
    const viaMirror = await pageThrough(storedMirror(), at, radius, {}, 20, 2);
    expect(viaRest.ids.length).toBeGreaterThan(0);
    expect(viaRest.ids).toEqual(viaMirror.ids);
    expect(viaRest.reads).toEqual(viaMirror.reads);
  });

  it("refuses the feed over REST without a token, as the rules refuse it to anyone signed out", async () => {
    const database = { origin: `http://${stack.hosts.firestore}`, projectId: stack.projectId };
    const [sub] = planNearbyQuery(BENCH_MERCHANTS[1]!.at, 5).subQueries;
    await expect(
      restFeedExecutor(
        { idToken: "not-a-token" },
        database,
      )({ subQuery: sub!, filters: {}, after: null, limit: 5 }),
    ).rejects.toThrow(/runQuery answered 4\d\d/);
  });
});
