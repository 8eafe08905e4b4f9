// bench:scale's national-peak part: the busiest hour of the national model (docs/scale.md: 5,000
// requests published in the evening hour, ~14 offers a second, the deals of the day's peak) played
// through the functions' own write addresses, without a server: the market rollups' staging
// (functions/src/analytics/rollups.ts, recorded by a writer that keeps each document's path), the
// fan-out's inboxes (the very cells and ids request-fanout.ts merges into) and the market summaries'
// flushes. Activity by comune as in Italy: Milano ~5 %, the other large cities their share, the rest
// over ~8,000 comuni; categories skewed (the busiest ~30 %). It prints the most-written documents per
// second over the hour and fails when any takes more than one (Firestore's sustained guidance).

import { deleteApp, initializeApp } from "firebase-admin/app";
import { type DocumentReference, getFirestore } from "firebase-admin/firestore";
import {
  type RollupWriter,
  stageDealAccepted,
  stageOfferSubmitted,
  stageRequestPublished,
  stageSaleCompleted,
  stageSaleVerified,
} from "../../functions/src/analytics/rollups";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { REQUEST_CATEGORIES, type RequestCategory } from "../../src/domain/core/enums";
import { cellInboxId, digestWindow, requestInboxCells } from "../../src/domain/notifications/shop-reach";

const HOUR_S = 3600;
const PEAK = { published: 5_000, offersPerSecond: 14, accepted: 1_500, verified: 500, completed: 1_000 };
const SHOPS = 100_000;
const OTHER_COMUNI = 7_990;
/** The summaries job writes a month summary at most every 5 s (market-summaries.ts). */
const SUMMARY_WRITES_PER_HOUR = HOUR_S / 5;
const NOW = new Date("2026-11-25T18:20:00Z");
const DAY_MS = 24 * HOUR_S * 1000;

const CITIES = [
  { name: "Milano", share: 0.05, lat: 45.4642, lng: 9.19 },
  { name: "Roma", share: 0.05, lat: 41.9, lng: 12.5 },
  { name: "Napoli", share: 0.025, lat: 40.85, lng: 14.27 },
  { name: "Torino", share: 0.02, lat: 45.07, lng: 7.69 },
  { name: "Palermo", share: 0.012, lat: 38.12, lng: 13.36 },
  { name: "Genova", share: 0.01, lat: 44.41, lng: 8.93 },
  { name: "Bologna", share: 0.01, lat: 44.49, lng: 11.34 },
  { name: "Firenze", share: 0.01, lat: 43.77, lng: 11.25 },
];
/** The busiest category takes ~30 %, the others the rest. */
const CATEGORY_SHARES = [0.3, 0.2, 0.15, 0.12, 0.1, 0.08, 0.05];

function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}
const random = randomFrom(41);

function pick<T>(items: readonly T[], shares: readonly number[]): T {
  let x = random();
  for (const [i, item] of items.entries()) {
    x -= shares[i] ?? 0;
    if (x <= 0) return item;
  }
  return items.at(-1) as T;
}

/** A comune's name from its number, in letters (a public zone keeps no digits: requestZone). */
function comuneName(n: number): string {
  let name = "";
  for (let rest = n + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(97 + ((rest - 1) % 26)) + name;
  return `Paese${name}`;
}

type PeakRequest = { id: string; data: Record<string, unknown> };

function requestAt(id: string, createdAt: Date): PeakRequest {
  const cityShare = CITIES.reduce((sum, city) => sum + city.share, 0);
  const city =
    random() < cityShare
      ? pick(
          CITIES,
          CITIES.map((c) => c.share / cityShare),
        )
      : null;
  const comune = city?.name ?? comuneName(Math.floor(random() * OTHER_COMUNI));
  // A city's requests within ~8 km of its centre; the other comuni anywhere in the peninsula's box.
  const lat = city ? city.lat + (random() - 0.5) * 0.14 : 37.5 + random() * 8;
  const lng = city ? city.lng + (random() - 0.5) * 0.2 : 8.5 + random() * 9.5;
  const category = pick(REQUEST_CATEGORIES, CATEGORY_SHARES) as RequestCategory;
  return {
    id,
    data: {
      customerId: `buyer-${id}`,
      category,
      actionRadius: [5, 10, 20][Math.floor(random() * 3)],
      createdAt,
      location: { lat, lng, address: `Centro, ${comune}` },
    },
  };
}

/** Writes per document path over the peak hour. */
export function peakHourWrites(): Map<string, number> {
  const app = initializeApp({ projectId: "demo-peak" }, "bench-peak");
  const db = getFirestore(app);
  const writes = new Map<string, number>();
  const count = (path: string, n = 1) => writes.set(path, (writes.get(path) ?? 0) + n);
  const writer: RollupWriter = { set: (ref: DocumentReference) => count(ref.path) };
  try {
    const window = digestWindow(NOW);
    for (let i = 0; i < PEAK.published; i += 1) {
      const request = requestAt(`now-${i}`, new Date(NOW.getTime() - random() * HOUR_S * 1000));
      stageRequestPublished(writer, db, request.data);
      const reachable = { ...(request.data as object), id: request.id } as Parameters<
        typeof requestInboxCells
      >[0];
      for (const cell of requestInboxCells(reachable))
        count(`${COLLECTIONS.digestInbox}/${cellInboxId(cell, reachable.category, window.key)}`);
    }
    // Offers and deals land on the cohort of their request: half today's, the rest the last 6 days'.
    const cohort = (i: number) => {
      const age = random() < 0.5 ? random() * 0.5 : 0.5 + random() * 6;
      return requestAt(`old-${i}`, new Date(NOW.getTime() - age * DAY_MS));
    };
    const shop = () => `shop-${Math.floor(random() * SHOPS)}`;
    for (let i = 0; i < PEAK.offersPerSecond * HOUR_S; i += 1)
      stageOfferSubmitted(writer, db, cohort(i).data, { merchantId: shop(), at: NOW, first: random() < 0.3 });
    for (let i = 0; i < PEAK.accepted; i += 1)
      stageDealAccepted(writer, db, cohort(i).data, { merchantId: shop(), at: NOW });
    for (let i = 0; i < PEAK.verified; i += 1)
      stageSaleVerified(writer, db, cohort(i).data, { merchantId: shop(), at: NOW });
    for (let i = 0; i < PEAK.completed; i += 1) stageSaleCompleted(writer, db, cohort(i).data);
    count(`${COLLECTIONS.marketRollups}/2026-11`, SUMMARY_WRITES_PER_HOUR);
    return writes;
  } finally {
    void deleteApp(app);
  }
}

/** The peak's table and verdict. */
export async function peakPart(): Promise<{ ok: boolean; summary: string }> {
  const writes = peakHourWrites();
  const top = [...writes].sort((a, b) => b[1] - a[1]).slice(0, 8);
  const collections = new Map<string, string>();
  for (const [path, n] of writes) {
    const group = path.split("/")[0] as string;
    const best = collections.get(group);
    if (!best || (writes.get(best) ?? 0) < n) collections.set(group, path);
  }
  console.log(
    "National evening peak, one hour: the most-written documents (writes per second, hour's average)",
  );
  console.log("| document | writes in the hour | writes / s |");
  console.log("| --- | --: | --: |");
  for (const [path, n] of top) console.log(`| ${path} | ${n} | ${(n / HOUR_S).toFixed(3)} |`);
  for (const path of collections.values())
    if (!top.some(([p]) => p === path))
      console.log(`| ${path} | ${writes.get(path)} | ${((writes.get(path) ?? 0) / HOUR_S).toFixed(3)} |`);
  const rollups = [...writes].filter(([path]) => path.startsWith(`${COLLECTIONS.marketDays}/`));
  const before = rollups.reduce((sum, [, n]) => sum + n, 0) / HOUR_S;
  console.log(
    `Before the shards, the month document marketRollups/2026-11 took all of them: ${before.toFixed(1)} writes/s`,
  );
  const [hottest, most] = top[0] ?? ["none", 0];
  const perSecond = most / HOUR_S;
  return {
    ok: perSecond <= 1,
    summary: `national peak: the most-written document (${hottest}) takes ${perSecond.toFixed(2)} writes/s (≤ 1)`,
  };
}
