import { describe, expect, it } from "vitest";
import { RADIUS_OPTIONS_KM } from "@/domain/core/enums";
import { MAX_GEO_QUERY_CELLS } from "@/domain/core/limits";
import { destinationPoint, distanceKm, type LatLng } from "@/domain/geo/geo";
import {
  compareFeedKeys,
  type FeedExecutor,
  fetchNearbyPage,
  firstRoundFetches,
  type NearbyCursor,
  visibleDistanceKm,
} from "@/domain/geo/geo-feed";
import {
  circleBounds,
  type GeoQueryPlan,
  inBounds,
  MAX_SUB_QUERIES,
  planNearbyQuery,
} from "@/domain/geo/geo-feed-plan";
import { decodeGeohashBounds, encodeGeohash } from "@/domain/geo/geohash";
import { createMemoryFeedExecutor, type MemoryFeedDoc, memoryFeedKey } from "@/testing/geo-memory-executor";

/** Seeded PRNG (mulberry32): reproducible random points. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const milano: LatLng = { lat: 45.4642, lng: 9.19 };
const gh3Corner = (() => {
  const bounds = decodeGeohashBounds("u0n");
  return { lat: bounds.minLat, lng: bounds.minLng };
})();
const gh5Corner = (() => {
  const bounds = decodeGeohashBounds("u0nd9");
  return { lat: bounds.maxLat, lng: bounds.maxLng };
})();
const CENTRES: Array<[string, LatLng]> = [
  ["Milano", milano],
  ["15 km from Milano", destinationPoint(milano, 15, 200)],
  ["80 km from Milano", destinationPoint(milano, 80, 135)],
  ["a gh3 corner (four gh3, gh4, gh5 cells meet)", gh3Corner],
  ["a gh5 corner", gh5Corner],
];
const ACTION_RADII = [3, 5, 7, 10, 15, 20, 30, 50, 75, 100];

/** The sub-query (and its floor) that would read a document at `point`, or undefined. */
function subQueryFor(plan: GeoQueryPlan, point: LatLng) {
  return plan.subQueries.filter((sub) => {
    const precision = Number(sub.field.slice(2));
    return sub.cells.includes(encodeGeohash(point.lat, point.lng, precision)) && inBounds(point, sub.bounds);
  });
}

describe.each(CENTRES)("planNearbyQuery around %s", (_name, center) => {
  it.each(RADIUS_OPTIONS_KM)("at %i km: few sub-queries, ≤ 30 disjoint cells each", (radius) => {
    const plan = planNearbyQuery(center, radius);
    expect(plan.subQueries.length).toBeGreaterThan(0);
    expect(plan.subQueries.length).toBeLessThanOrEqual(MAX_SUB_QUERIES);
    const all: string[] = [];
    for (const sub of plan.subQueries) {
      expect(sub.cells.length).toBeGreaterThan(0);
      expect(sub.cells.length).toBeLessThanOrEqual(MAX_GEO_QUERY_CELLS);
      for (const cell of sub.cells) expect(cell).toHaveLength(Number(sub.field.slice(2)));
      all.push(...sub.cells);
    }
    // No cell twice and no cell inside another: no document can be read by two sub-queries.
    expect(new Set(all).size).toBe(all.length);
    for (const a of all) for (const b of all) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });

  it.each(RADIUS_OPTIONS_KM)(
    "at %i km: every point within the radius is read by exactly one sub-query whose floor it passes",
    (radius) => {
      const plan = planNearbyQuery(center, radius);
      const random = seededRandom(radius * 7919 + Math.round(center.lng * 1000));
      const points: LatLng[] = [];
      for (let i = 0; i < 1500; i += 1)
        points.push(destinationPoint(center, radius * Math.sqrt(random()), random() * 360));
      // exactly on the edge, all around, and at the centre
      for (let bearing = 0; bearing < 360; bearing += 1)
        points.push(destinationPoint(center, radius, bearing));
      points.push(center);
      for (const point of points) {
        const subs = subQueryFor(plan, point);
        expect(subs, `${point.lat},${point.lng}`).toHaveLength(1);
        const floor = subs[0]?.minActionRadiusKm ?? 0;
        // A request there whose action radius reaches the merchant (a ≥ d) must pass `actionRadius >= floor`.
        expect(floor).toBeLessThanOrEqual(distanceKm(center, point));
      }
    },
  );
});

describe("circleBounds", () => {
  it.each(RADIUS_OPTIONS_KM)("holds every point of a %i km circle, edge included", (radius) => {
    const bounds = circleBounds(milano, radius);
    expect(bounds).not.toBeNull();
    for (let bearing = 0; bearing < 360; bearing += 0.25) {
      expect(inBounds(destinationPoint(milano, radius, bearing), bounds)).toBe(true);
    }
    expect(inBounds(destinationPoint(milano, radius * 1.01, 0), bounds)).toBe(false);
    expect(inBounds(destinationPoint(milano, radius * 1.01, 90), bounds)).toBe(false);
  });

  it("gives up (no box filter) where the box would wrap a pole or the antimeridian", () => {
    expect(circleBounds({ lat: 89.9, lng: 0 }, 100)).toBeNull();
    expect(circleBounds({ lat: 0, lng: 179.9 }, 100)).toBeNull();
  });
});

describe("visibleDistanceKm", () => {
  const item = (at: LatLng, actionRadius: number) => ({ id: "r", actionRadius, location: at });

  it.each(RADIUS_OPTIONS_KM)(
    "keeps a request exactly at the merchant's %i km edge and drops one 1 m beyond",
    (radius) => {
      for (const bearing of [0, 45, 90, 180, 270, 333]) {
        expect(
          visibleDistanceKm(item(destinationPoint(milano, radius, bearing), 100), milano, radius),
        ).not.toBeNull();
        expect(
          visibleDistanceKm(item(destinationPoint(milano, radius + 0.001, bearing), 100), milano, radius),
        ).toBeNull();
      }
    },
  );

  it("also needs the merchant within the request's own action radius, edge included", () => {
    const at = destinationPoint(milano, 8, 30);
    expect(visibleDistanceKm(item(at, 5), milano, 50)).toBeNull();
    expect(visibleDistanceKm(item(at, 8), milano, 50)).toBeCloseTo(8, 6);
    expect(visibleDistanceKm(item(at, 10), milano, 5)).toBeNull();
    expect(visibleDistanceKm(item(at, 10), milano, 10)).toBeCloseTo(8, 6);
  });
});

// ---------------------------------------------------------------------------------------------
// Merger: pages through the sub-queries and must equal a brute-force scan, page after page.

const NOW = Date.UTC(2025, 5, 1, 12);

function population(center: LatLng, count: number, seed: number): MemoryFeedDoc[] {
  const random = seededRandom(seed);
  const docs: MemoryFeedDoc[] = [];
  for (let i = 0; i < count; i += 1) {
    // dense near the centre, thinning out to 140 km; some exactly at radius edges and on ties
    const distance = i % 17 === 0 ? RADIUS_OPTIONS_KM[i % 5]! : 140 * random() ** 2;
    const location = destinationPoint(center, distance, random() * 360);
    const hash = encodeGeohash(location.lat, location.lng, 9);
    const actionRadius = i % 13 === 0 ? distance : ACTION_RADII[Math.floor(random() * ACTION_RADII.length)]!;
    docs.push({
      id: `r${String(i).padStart(5, "0")}`,
      actionRadius,
      location,
      status: random() < 0.8 ? "active" : "completed",
      category: random() < 0.5 ? "elettronica" : "casa",
      urgency: random() < 0.3 ? "subito" : "giorni",
      // three requests per minute: equal timestamps, the rest of the key breaks the tie
      createdAtMs: NOW - Math.floor(i / 3) * 60_000,
      gh3: hash.slice(0, 3),
      gh4: hash.slice(0, 4),
      gh5: hash.slice(0, 5),
    });
  }
  return docs;
}

function bruteForce(docs: MemoryFeedDoc[], center: LatLng, radius: number, category?: string): string[] {
  return docs
    .filter((doc) => doc.status === "active" && (!category || doc.category === category))
    .filter((doc) => visibleDistanceKm(doc, center, radius) !== null)
    .sort((a, b) => compareFeedKeys(memoryFeedKey(a), memoryFeedKey(b)))
    .map((doc) => doc.id);
}

async function allPages(
  executor: FeedExecutor<MemoryFeedDoc>,
  center: LatLng,
  radius: number,
  pageSize: number,
  category?: "elettronica" | "casa",
) {
  const ids: string[] = [];
  const pages: number[] = [];
  let cursor: NearbyCursor<MemoryFeedDoc> | null = null;
  for (let guard = 0; guard < 1000; guard += 1) {
    const page: Awaited<ReturnType<typeof fetchNearbyPage<MemoryFeedDoc>>> = await fetchNearbyPage(executor, {
      center,
      radiusKm: radius,
      pageSize,
      category,
      cursor,
    });
    for (const item of page.items) {
      expect(item.distanceKm).toBeCloseTo(distanceKm(center, item.location), 9);
    }
    ids.push(...page.items.map((item) => item.id));
    pages.push(page.items.length);
    if (!page.nextCursor) break;
    expect(page.items).toHaveLength(pageSize);
    cursor = page.nextCursor;
  }
  return { ids, pages };
}

describe.each(CENTRES)("fetchNearbyPage around %s", (_name, center) => {
  const docs = population(center, 1500, Math.round(center.lat * 1e4));
  const executor = createMemoryFeedExecutor(docs);

  it.each(RADIUS_OPTIONS_KM)(
    "returns exactly the brute-force newest visible requests at %i km, page by page",
    async (radius) => {
      const expected = bruteForce(docs, center, radius);
      const { ids, pages } = await allPages(executor, center, radius, 20);
      expect(ids).toEqual(expected);
      expect(pages.slice(0, -1).every((size) => size === 20)).toBe(true);
    },
  );

  it("applies the category filter in the query and still matches the brute force", async () => {
    const expected = bruteForce(docs, center, 50, "elettronica");
    const { ids } = await allPages(executor, center, 50, 7, "elettronica");
    expect(ids).toEqual(expected);
  });
});

describe("fetchNearbyPage over several categories ('Le tue categorie')", () => {
  const kinds = ["elettronica", "casa", "sport"] as const;
  const docs = population(milano, 1200, 7).map((doc, index) => ({
    ...doc,
    category: kinds[index % kinds.length] as string,
  }));

  it("returns exactly the brute-force union of the categories, page by page, within the sub-query budget", async () => {
    const executor = createMemoryFeedExecutor(docs);
    const categories = ["elettronica", "sport"] as const;
    const expected = docs
      .filter((doc) => doc.status === "active" && (categories as readonly string[]).includes(doc.category))
      .filter((doc) => visibleDistanceKm(doc, milano, 20) !== null)
      .sort((a, b) => compareFeedKeys(memoryFeedKey(a), memoryFeedKey(b)))
      .map((doc) => doc.id);
    expect(expected.length).toBeGreaterThan(40);
    const ids: string[] = [];
    let cursor: NearbyCursor<MemoryFeedDoc> | null = null;
    for (let guard = 0; guard < 100; guard += 1) {
      const page: Awaited<ReturnType<typeof fetchNearbyPage<MemoryFeedDoc>>> = await fetchNearbyPage(
        executor,
        { center: milano, radiusKm: 20, pageSize: 20, categories: [...categories], cursor },
      );
      ids.push(...page.items.map((item) => item.id));
      if (!page.nextCursor) break;
      // No more sub-queries than one category's plan would have: the page costs what it did before.
      expect(page.nextCursor.subs.length).toBeLessThanOrEqual(MAX_SUB_QUERIES);
      expect(new Set(page.nextCursor.subs.map((sub) => sub.filters.category))).toEqual(new Set(categories));
      cursor = page.nextCursor;
    }
    expect(ids).toEqual(expected);
  });

  it("reads one category as before, and no category as every category", async () => {
    const executor = createMemoryFeedExecutor(docs);
    const one = await fetchNearbyPage(executor, {
      center: milano,
      radiusKm: 10,
      pageSize: 10,
      categories: ["casa"],
    });
    expect(one.items.every((item) => item.category === "casa")).toBe(true);
    const none = await fetchNearbyPage(executor, {
      center: milano,
      radiusKm: 10,
      pageSize: 10,
      categories: [],
    });
    expect(new Set(none.items.map((item) => item.category)).size).toBeGreaterThan(1);
  });
});

describe("fetchNearbyPage paging", () => {
  const docs = population(milano, 800, 42);

  it("counts reads (a query that returns nothing still costs one) and queries", async () => {
    const executor = createMemoryFeedExecutor(docs);
    const page = await fetchNearbyPage(executor, { center: milano, radiusKm: 20, pageSize: 20 });
    expect(page.queries).toBe(executor.calls);
    expect(page.reads).toBeGreaterThanOrEqual(page.items.length);
    const nothing = await fetchNearbyPage(createMemoryFeedExecutor([]), {
      center: milano,
      radiusKm: 5,
      pageSize: 20,
    });
    expect(nothing).toMatchObject({ items: [], nextCursor: null });
    expect(nothing.reads).toBe(nothing.queries);
  });

  it("gives the same next page for the same cursor (cursors are immutable)", async () => {
    const executor = createMemoryFeedExecutor(docs);
    const first = await fetchNearbyPage(executor, { center: milano, radiusKm: 10, pageSize: 10 });
    const a = await fetchNearbyPage(executor, {
      center: milano,
      radiusKm: 10,
      pageSize: 10,
      cursor: first.nextCursor,
    });
    const b = await fetchNearbyPage(executor, {
      center: milano,
      radiusKm: 10,
      pageSize: 10,
      cursor: first.nextCursor,
    });
    expect(a.items.map((item) => item.id)).toEqual(b.items.map((item) => item.id));
    expect(a.items.map((item) => item.id)).toEqual(bruteForce(docs, milano, 10).slice(10, 20));
  });

  it("skips malformed documents and keeps paging past them", async () => {
    const broken = new Set(docs.filter((_, i) => i % 4 === 0).map((doc) => doc.id));
    const executor = createMemoryFeedExecutor(docs, (doc) => !broken.has(doc.id));
    const { ids } = await allPages(executor, milano, 20, 15);
    expect(ids).toEqual(bruteForce(docs, milano, 20).filter((id) => !broken.has(id)));
  });

  it("ends a sub-query whose batch has no usable document instead of looping", async () => {
    const stuck: FeedExecutor<MemoryFeedDoc> = async () => ({ docs: [], reads: 1, exhausted: false });
    const page = await fetchNearbyPage(stuck, { center: milano, radiusKm: 20, pageSize: 20 });
    expect(page).toMatchObject({ items: [], nextCursor: null });
  });

  it("rejects a page size below one", async () => {
    await expect(
      fetchNearbyPage(createMemoryFeedExecutor(docs), { center: milano, radiusKm: 5, pageSize: 0 }),
    ).rejects.toThrow(RangeError);
  });
});

describe("firstRoundFetches (what a route starts before the page's code)", () => {
  const docs = population(milano, 600, 11).map((doc, index) => ({
    ...doc,
    category: (["elettronica", "casa", "sport"] as const)[index % 3] as string,
  }));

  type Case = { radiusKm: number; pageSize: number; categories?: string[]; urgency?: "subito" };
  it.each<Case>([
    { radiusKm: 5, pageSize: 20 },
    { radiusKm: 20, pageSize: 20, categories: ["elettronica", "sport", "generale"] },
    { radiusKm: 50, pageSize: 20, categories: ["casa"], urgency: "subito" },
    { radiusKm: 100, pageSize: 10 },
  ])("is exactly the first round fetchNearbyPage asks of its executor ($radiusKm km)", async (params) => {
    const inner = createMemoryFeedExecutor(docs);
    const asked: Parameters<FeedExecutor<MemoryFeedDoc>>[0][] = [];
    const recording: FeedExecutor<MemoryFeedDoc> = (request) => {
      asked.push(request);
      return inner(request);
    };
    const query = { center: milano, ...params } as Parameters<typeof firstRoundFetches>[0];
    const first = firstRoundFetches(query);
    await fetchNearbyPage(recording, query);
    expect(first.length).toBeGreaterThan(0);
    expect(asked.slice(0, first.length)).toEqual(first.map((fetch) => ({ ...fetch, after: null })));
  });
});
