// `npm run bench:scale`: Vicino's server work at national size, in Google's Firestore emulator.
//
// The same local marketplace (shops and requests around Milano) is measured twice, once beside 1,000
// and once beside 20,000 shops spread over the rest of Italy (BENCH_SCALE_SIZES). For each size it
// publishes the same requests through the functions' own fan-out (functions/src/fanout) and sends the
// resulting digests, counting Firestore reads and writes (counting.ts) and tasks queued. Budget: the work
// per request at the largest size stays within 10 % of the smallest; a published request never reads
// shops far away. Its last line starts with `scale:`. Wall time is printed but not budgeted: Google's
// emulator scans a whole collection for every query (production answers from the composite index), so
// its time grows with the far shops while the reads, which production bills and waits on, do not.
//
// Then each signed-in page's Firestore reads and listeners on a load of the production build
// (page-loads.ts): at most 25 reads and 3 listeners, no document read twice, the shop feed at most 40
// reads.
//
// Then the scheduled jobs (sweeps.ts): the same 50 due items of each beside 1,000 and 20,000 documents
// not due in its collections (BENCH_SCALE_SWEEP_SIZES); reads per due item at the largest size within
// 10 % of the smallest, and a rerun at once reads at most 2 a query.
//
// BENCH_SCALE_PARTS=fanout, =pages or =sweeps (or a list) runs those parts (default all three);
// BENCH_SCALE_CAPTURE=FILE keeps every Firestore payload the pages exchanged, BENCH_SCALE_QUIET_MS how
// long a load must be quiet to be done (default 2500), BENCH_SCALE_VERBOSE=1 prints the stack's output.

import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { configureFirestore } from "../../functions/src/lib/admin";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { REQUEST_CATEGORIES, type RequestCategory } from "../../src/domain/core/enums";
import {
  digestWindow,
  type ReachableRequest,
  shopIndexEntry,
} from "../../src/domain/notifications/shop-reach";
import { startStandaloneFirestore } from "../stack/firestore-only";
import { counts, installCounting, measure } from "./counting";
import { measurePageLoads, type PageRow } from "./page-loads";
import { overBudgetNote, pageDetails, pageTable } from "./page-report";
import { sweepsPart } from "./sweeps";

const SIZES = (process.env.BENCH_SCALE_SIZES ?? "1000,20000").split(",").map(Number);
const LOCAL_SHOPS = 400;
const REQUESTS = 20;
const MILANO = { lat: 45.4642, lng: 9.19 };
const NOW = new Date("2026-11-25T10:20:00Z");
const TOLERANCE = 0.1;
const PARTS = (process.env.BENCH_SCALE_PARTS ?? "fanout,pages,sweeps").split(",");

/** A deterministic pseudo-random sequence (the same population every run). */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

type Shop = { uid: string; location: { lat: number; lng: number }; categories: RequestCategory[] };

function localShops(): Shop[] {
  const random = randomFrom(11);
  return Array.from({ length: LOCAL_SHOPS }, (_, i) => ({
    uid: `local-${i}`,
    location: { lat: MILANO.lat + (random() - 0.5) * 0.3, lng: MILANO.lng + (random() - 0.5) * 0.4 },
    categories: [REQUEST_CATEGORIES[i % REQUEST_CATEGORIES.length] as RequestCategory],
  }));
}

/** Shops elsewhere in Italy: south of 44.8° (over 70 km from Milano), across the peninsula. */
function farShops(count: number): Shop[] {
  const random = randomFrom(23);
  return Array.from({ length: count }, (_, i) => ({
    uid: `far-${i}`,
    location: { lat: 37.5 + random() * 7.3, lng: 8.5 + random() * 9.5 },
    categories: [REQUEST_CATEGORIES[i % REQUEST_CATEGORIES.length] as RequestCategory],
  }));
}

function localRequests(): ReachableRequest[] {
  const random = randomFrom(37);
  const radii = [5, 10, 20, 50, 100];
  return Array.from({ length: REQUESTS }, (_, i) => ({
    id: `request-${i}`,
    customerId: `buyer-${i}`,
    category: REQUEST_CATEGORIES[i % REQUEST_CATEGORIES.length] as RequestCategory,
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

type Row = {
  far: number;
  reads: number;
  writes: number;
  tasks: number;
  digestReads: number;
  digestWrites: number;
  ms: number;
};

async function runSize(host: string, far: number): Promise<Row> {
  const app = initializeApp({ projectId: `demo-scale-${far}` }, `bench-scale-${far}`);
  try {
    const db = configureFirestore(getFirestore(app), host);
    await seedShops(db, [...localShops(), ...farShops(far)]);
    const { fanOutRequest } = await import("../../functions/src/fanout/request-fanout");
    const { deliverShopDigest, digestQueueOver } = await import("../../functions/src/fanout/digest-task");
    const tasks = new Map<string, { uid: string; windowKey: string }>();
    const digests = digestQueueOver(
      {
        async enqueue(payload, options) {
          tasks.set(options?.id ?? payload.uid, payload);
        },
      },
      () => NOW,
    );
    const fanOut = await measure(async () => {
      for (const request of localRequests()) {
        await fanOutRequest({ db, now: () => NOW, digests }, request, "Prodotto");
      }
    });
    const noMail = { enqueue: async () => {} };
    const digest = await measure(async () => {
      for (const task of tasks.values())
        await deliverShopDigest({ db, now: () => NOW, emailQueue: noMail }, task);
    });
    return {
      far,
      reads: fanOut.reads / REQUESTS,
      writes: fanOut.writes / REQUESTS,
      tasks: tasks.size,
      digestReads: digest.reads / Math.max(1, tasks.size),
      digestWrites: digest.writes / Math.max(1, tasks.size),
      ms: fanOut.ms / REQUESTS,
    };
  } finally {
    await deleteApp(app);
  }
}

/** The fan-out's table and its verdict (the part of the `scale:` line about published requests). */
async function fanOutPart(): Promise<{ ok: boolean; summary: string }> {
  installCounting();
  const firestore = await startStandaloneFirestore("demo-scale");
  const rows: Row[] = [];
  try {
    for (const far of SIZES) rows.push(await runSize(firestore.host, far));
  } finally {
    await firestore.stop();
  }
  console.log(
    `Fan-out of ${REQUESTS} requests around Milano (${LOCAL_SHOPS} local shops), window ${digestWindow(NOW).key}`,
  );
  console.log(
    "| far shops | reads/request | writes/request | digest tasks | reads/digest | writes/digest | ms/request |",
  );
  console.log("| --: | --: | --: | --: | --: | --: | --: |");
  for (const row of rows) {
    console.log(
      `| ${row.far} | ${row.reads.toFixed(1)} | ${row.writes.toFixed(1)} | ${row.tasks} | ${row.digestReads.toFixed(1)} | ${row.digestWrites.toFixed(1)} | ${row.ms.toFixed(0)} |`,
    );
  }
  const [small, large] = [rows[0] as Row, rows.at(-1) as Row];
  const growth = small.reads > 0 ? large.reads / small.reads - 1 : 0;
  const ok = growth <= TOLERANCE && large.tasks === small.tasks;
  console.log(`Total counted: ${counts.reads} reads, ${counts.writes} writes`);
  return {
    ok,
    summary:
      `reads per published request ${small.reads.toFixed(1)} with ${small.far} far shops, ` +
      `${large.reads.toFixed(1)} with ${large.far} (${(growth * 100).toFixed(1)} %, budget ≤ ${TOLERANCE * 100} %); ` +
      `the same ${large.tasks} digests`,
  };
}

/** The page loads' table and verdict. */
async function pagesPart(): Promise<{ ok: boolean; summary: string }> {
  console.log("Signed-in page loads of the production build (reads and listeners per load):");
  const rows: PageRow[] = await measurePageLoads();
  for (const line of [...pageTable(rows), "", ...pageDetails(rows)]) console.log(line);
  const over = rows.filter((row) => row.misses.length > 0);
  const most = rows.reduce((top, row) => (row.reads > top.reads ? row : top), rows[0] as PageRow);
  return {
    ok: over.length === 0,
    summary:
      over.length === 0
        ? `${rows.length} page loads within budget (most: ${most.id}, ${most.reads} reads)`
        : `page loads over budget: ${over.map(overBudgetNote).join(", ")} (details above)`,
  };
}

async function main() {
  const parts: Array<{ ok: boolean; summary: string }> = [];
  if (PARTS.includes("fanout")) parts.push(await fanOutPart());
  if (PARTS.includes("pages")) parts.push(await pagesPart());
  if (PARTS.includes("sweeps")) parts.push(await sweepsPart());
  if (parts.length === 0) throw new Error(`BENCH_SCALE_PARTS names no part: ${PARTS.join(",")}`);
  const ok = parts.every((part) => part.ok);
  console.log(`scale: ${ok ? "OK" : "OVER BUDGET"}: ${parts.map((part) => part.summary).join("; ")}`);
  if (!ok) process.exitCode = 1;
}

await main();
