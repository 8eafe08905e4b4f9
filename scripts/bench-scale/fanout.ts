// bench:scale's fan-out part: the functions' own fan-out (functions/src/fanout) against Google's Firestore
// emulator, counted (counting.ts). Two populations around Milano: the sparse local market (400 shops)
// beside 1,000 and 20,000 shops elsewhere in Italy, and central Milan's real density (5,000 shops within
// 10 km of the Duomo, what 100,000 shops in Italy put there). For each: the reads and writes of publishing
// a request, of the hour's cell tasks (the shop index read once an hour per cell and category) and of
// each shop's digest. Budgets: ≤ 50 writes and ≤ 1 read per published request at every density, the
// reads per request within 10 % across densities, a digest ≤ 2 + 3 × categories reads (the shop's entry,
// its cells' inboxes, notify()'s check that the hour's notification is not there yet).

import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import type { DigestTask, ShopDigestTask } from "../../functions/src/fanout/digest-queue";
import { configureFirestore } from "../../functions/src/lib/admin";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { REQUEST_CATEGORIES, type RequestCategory } from "../../src/domain/core/enums";
import {
  type ReachableRequest,
  shopHearsOf,
  shopIndexEntry,
} from "../../src/domain/notifications/shop-reach";
import { startStandaloneFirestore } from "../stack/firestore-only";
import { counts, installCounting, measure } from "./counting";

const SIZES = (process.env.BENCH_SCALE_SIZES ?? "1000,20000").split(",").map(Number);
const REQUESTS = 20;
const MILANO = { lat: 45.4642, lng: 9.19 };
const NOW = new Date("2026-11-25T10:20:00Z");
/** Writes per published request (docs/scale.md): ≤ 30 inbox merges, room for the trigger's own. */
export const FANOUT_WRITES_BUDGET = 50;
const READS_BUDGET = 1;
/** A digest of a one-category shop (as here): its index entry, 3 inboxes, notify()'s existence read. */
const DIGEST_READS_BUDGET = 1 + 3 + 1;
const TOLERANCE = 0.1;
/** 100,000 shops in Italy put ~5,000 within 10 km of the Duomo (~16 a km², central Milan's density). */
const MILAN_SHOPS = 5_000;
const MILAN_RADIUS_KM = 10;

function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

type Shop = { uid: string; location: { lat: number; lng: number }; categories: RequestCategory[] };
const category = (i: number) => REQUEST_CATEGORIES[i % REQUEST_CATEGORIES.length] as RequestCategory;

/** The sparse local market: 400 shops over ~33 × 31 km around Milano. */
function sparseShops(): Shop[] {
  const random = randomFrom(11);
  return Array.from({ length: 400 }, (_, i) => ({
    uid: `local-${i}`,
    location: { lat: MILANO.lat + (random() - 0.5) * 0.3, lng: MILANO.lng + (random() - 0.5) * 0.4 },
    categories: [category(i)],
  }));
}

/** Central Milan: MILAN_SHOPS uniformly within MILAN_RADIUS_KM of the Duomo. */
function milanShops(): Shop[] {
  const random = randomFrom(13);
  const kmLat = 1 / 111;
  const kmLng = 1 / (111 * Math.cos((MILANO.lat * Math.PI) / 180));
  return Array.from({ length: MILAN_SHOPS }, (_, i) => {
    const r = MILAN_RADIUS_KM * Math.sqrt(random());
    const a = 2 * Math.PI * random();
    return {
      uid: `milano-${i}`,
      location: { lat: MILANO.lat + r * Math.sin(a) * kmLat, lng: MILANO.lng + r * Math.cos(a) * kmLng },
      categories: [category(i)],
    };
  });
}

/** Shops elsewhere in Italy: south of 44.8° (over 70 km from Milano), across the peninsula. */
function farShops(count: number): Shop[] {
  const random = randomFrom(23);
  return Array.from({ length: count }, (_, i) => ({
    uid: `far-${i}`,
    location: { lat: 37.5 + random() * 7.3, lng: 8.5 + random() * 9.5 },
    categories: [category(i)],
  }));
}

function requests(): ReachableRequest[] {
  const random = randomFrom(37);
  const radii = [5, 10, 20, 50, 100];
  return Array.from({ length: REQUESTS }, (_, i) => ({
    id: `request-${i}`,
    customerId: `buyer-${i}`,
    category: category(i),
    actionRadius: radii[i % radii.length] as number,
    location: { lat: MILANO.lat + (random() - 0.5) * 0.2, lng: MILANO.lng + (random() - 0.5) * 0.3 },
  }));
}

async function seedShops(db: Firestore, shops: Shop[]) {
  for (let i = 0; i < shops.length; i += 400) {
    const batch = db.batch();
    for (const shop of shops.slice(i, i + 400)) {
      const entry = shopIndexEntry({ verified: true, location: shop.location, categories: shop.categories });
      if (entry) batch.set(db.collection(COLLECTIONS.shopIndex).doc(shop.uid), entry);
    }
    await batch.commit();
  }
}

export type FanOutRow = {
  scenario: string;
  /** Shops that should hear of a request, on average (brute force over the population). */
  hearing: number;
  reads: number;
  writes: number;
  cellTasks: number;
  cellReads: number;
  digests: number;
  digestReads: number;
  digestWrites: number;
};

async function runScenario(host: string, scenario: string, shops: Shop[]): Promise<FanOutRow> {
  const app = initializeApp({ projectId: `demo-scale-${shops.length}` }, `bench-scale-${scenario}`);
  try {
    const db = configureFirestore(getFirestore(app), host);
    await seedShops(db, shops);
    const { fanOutRequest } = await import("../../functions/src/fanout/request-fanout");
    const { deliverShopDigest, digestQueueOver } = await import("../../functions/src/fanout/digest-task");
    const { reachCell } = await import("../../functions/src/fanout/cell-digest");
    const tasks = new Map<string, DigestTask>();
    const queue = digestQueueOver(
      { enqueue: async (payload, options) => void tasks.set(options?.id ?? String(tasks.size), payload) },
      () => NOW,
    );
    const published = requests();
    const fanOut = await measure(async () => {
      for (const request of published)
        await fanOutRequest({ db, now: () => NOW, digests: queue }, request, "Prodotto");
    });
    const cellTasks = [...tasks.values()].filter((task) => "cell" in task);
    const cells = await measure(async () => {
      for (const task of cellTasks)
        if ("cell" in task) await reachCell({ db, onReach: (uids, key) => queue.shops(uids, key) }, task);
    });
    const shopTasks = [...tasks.values()].filter((task): task is ShopDigestTask => "uid" in task);
    const noMail = { enqueue: async () => {} };
    const digests = await measure(async () => {
      for (const task of shopTasks) await deliverShopDigest({ db, now: () => NOW, emailQueue: noMail }, task);
    });
    const hearing = published.map(
      (request) =>
        shops.filter((shop) => {
          const entry = shopIndexEntry({
            verified: true,
            location: shop.location,
            categories: shop.categories,
          });
          return entry !== null && shopHearsOf(request, shop.uid, entry);
        }).length,
    );
    return {
      scenario,
      hearing: hearing.reduce((a, b) => a + b, 0) / REQUESTS,
      reads: fanOut.reads / REQUESTS,
      writes: fanOut.writes / REQUESTS,
      cellTasks: cellTasks.length,
      cellReads: cells.reads / Math.max(1, cellTasks.length),
      digests: shopTasks.length,
      digestReads: digests.reads / Math.max(1, shopTasks.length),
      digestWrites: digests.writes / Math.max(1, shopTasks.length),
    };
  } finally {
    await deleteApp(app);
  }
}

/** The fan-out's tables and verdict (the part of the `scale:` line about published requests). */
export async function fanOutPart(): Promise<{ ok: boolean; summary: string }> {
  installCounting();
  const firestore = await startStandaloneFirestore("demo-scale");
  const rows: FanOutRow[] = [];
  try {
    for (const far of SIZES)
      rows.push(await runScenario(firestore.host, `sparse+${far}`, [...sparseShops(), ...farShops(far)]));
    rows.push(await runScenario(firestore.host, "milan-density", [...milanShops(), ...farShops(1000)]));
  } finally {
    await firestore.stop();
  }
  console.log(
    `Fan-out of ${REQUESTS} requests around Milano (per request; the hour's cell tasks and digests after)`,
  );
  console.log(
    "| scenario | shops hearing / request | reads / request | writes / request | cell tasks | reads / cell task | digests | reads / digest | writes / digest |",
  );
  console.log("| --- | --: | --: | --: | --: | --: | --: | --: | --: |");
  for (const r of rows)
    console.log(
      `| ${r.scenario} | ${r.hearing.toFixed(0)} | ${r.reads.toFixed(1)} | ${r.writes.toFixed(1)} | ${r.cellTasks} | ${r.cellReads.toFixed(1)} | ${r.digests} | ${r.digestReads.toFixed(1)} | ${r.digestWrites.toFixed(1)} |`,
    );
  console.log(`Total counted: ${counts.reads} reads, ${counts.writes} writes`);
  const low = Math.min(...rows.map((r) => r.reads));
  const high = Math.max(...rows.map((r) => r.reads));
  const milan = rows.at(-1) as FanOutRow;
  const misses = rows.flatMap((r) => [
    ...(r.writes > FANOUT_WRITES_BUDGET ? [`${r.scenario}: ${r.writes.toFixed(1)} writes/request`] : []),
    ...(r.reads > READS_BUDGET ? [`${r.scenario}: ${r.reads.toFixed(1)} reads/request`] : []),
    ...(r.digestReads > DIGEST_READS_BUDGET
      ? [`${r.scenario}: ${r.digestReads.toFixed(1)} reads/digest`]
      : []),
  ]);
  if (high - low > Math.max(TOLERANCE * low, 0.05))
    misses.push(`reads/request ${low.toFixed(1)} → ${high.toFixed(1)}`);
  return {
    ok: misses.length === 0,
    summary:
      misses.length === 0
        ? `a published request at Milan's density (${milan.hearing.toFixed(0)} shops hearing) costs ${milan.reads.toFixed(1)} reads and ${milan.writes.toFixed(1)} writes (budget ≤ ${FANOUT_WRITES_BUDGET}), a digest ${milan.digestReads.toFixed(1)} reads`
        : `fan-out over budget: ${misses.join(", ")}`,
  };
}
