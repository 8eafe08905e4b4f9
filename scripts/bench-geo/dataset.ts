import {
  REQUEST_CATEGORIES,
  type RequestCategory,
  URGENCIES,
  type Urgency,
} from "../../src/domain/core/enums";
import { destinationPoint, type LatLng } from "../../src/domain/geo/geo";
import { requestGeoFields } from "../../src/domain/geo/geo-cover";
import { REQUEST_STATUS, type RequestStatus } from "../../src/domain/marketplace/state-machine";

/**
 * A realistic, reproducible request population for the radius-query bench: most requests in and around
 * Milano (a dense core fading into the hinterland), the rest in the towns of the north and scattered over
 * the countryside; action radii mostly 5-20 km with a long tail; three months of history with a daily
 * rhythm, older requests mostly closed.
 */

export const MILANO: LatLng = { lat: 45.4642, lng: 9.19 };

/** Seeded PRNG (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Weighted<T> = ReadonlyArray<readonly [T, number]>;

function pick<T>(random: () => number, table: Weighted<T>): T {
  const total = table.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of table) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (table[table.length - 1] as readonly [T, number])[0];
}

/** Normal deviate (Box-Muller). */
function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Towns of the north with a share of the requests proportional to their size. */
const TOWNS: Weighted<{ name: string; at: LatLng }> = [
  [{ name: "Monza", at: { lat: 45.5845, lng: 9.2744 } }, 5],
  [{ name: "Bergamo", at: { lat: 45.6983, lng: 9.6773 } }, 5],
  [{ name: "Brescia", at: { lat: 45.5416, lng: 10.2118 } }, 7],
  [{ name: "Como", at: { lat: 45.8081, lng: 9.0852 } }, 3],
  [{ name: "Varese", at: { lat: 45.8206, lng: 8.8251 } }, 3],
  [{ name: "Pavia", at: { lat: 45.1847, lng: 9.1582 } }, 3],
  [{ name: "Lodi", at: { lat: 45.3138, lng: 9.5037 } }, 2],
  [{ name: "Cremona", at: { lat: 45.1333, lng: 10.0227 } }, 2],
  [{ name: "Lecco", at: { lat: 45.8566, lng: 9.3977 } }, 2],
  [{ name: "Novara", at: { lat: 45.4469, lng: 8.6219 } }, 3],
  [{ name: "Piacenza", at: { lat: 45.0526, lng: 9.693 } }, 3],
  [{ name: "Torino", at: { lat: 45.0703, lng: 7.6869 } }, 15],
  [{ name: "Genova", at: { lat: 44.4056, lng: 8.9463 } }, 10],
  [{ name: "Verona", at: { lat: 45.4384, lng: 10.9916 } }, 7],
  [{ name: "Parma", at: { lat: 44.8015, lng: 10.3279 } }, 4],
  [{ name: "Bologna", at: { lat: 44.4949, lng: 11.3426 } }, 10],
];

/** Where the requests are: Milano core and hinterland, towns, countryside. */
const AREAS: Weighted<"core" | "metro" | "town" | "countryside"> = [
  ["core", 35],
  ["metro", 20],
  ["town", 30],
  ["countryside", 15],
];

/** Action radius (km): the app's options, default 10, with a few values typed by hand. */
const ACTION_RADII: Weighted<number> = [
  [5, 25],
  [10, 35],
  [20, 15],
  [50, 9],
  [100, 5],
  [3, 2],
  [7, 3],
  [15, 3],
  [30, 2],
  [75, 1],
];

const CATEGORY_WEIGHTS: Weighted<RequestCategory> = REQUEST_CATEGORIES.map(
  (category) => [category, category === "elettronica" ? 3 : category === "generale" ? 1 : 2] as const,
);
const URGENCY_WEIGHTS: Weighted<Urgency> = URGENCIES.map(
  (urgency) => [urgency, urgency === "giorni" ? 4 : urgency === "subito" ? 1 : 2] as const,
);

/** Hour-of-day weights (Italian evenings and lunch breaks are busiest). */
const HOURS: Weighted<number> = Array.from({ length: 24 }, (_, hour) => {
  const weight = hour < 7 ? 0.2 : hour < 12 ? 1 : hour < 15 ? 1.5 : hour < 19 ? 1.1 : hour < 23 ? 2 : 0.6;
  return [hour, weight] as const;
});

export type BenchRequest = {
  id: string;
  customerId: string;
  productName: string;
  category: RequestCategory;
  urgency: Urgency;
  actionRadius: number;
  status: RequestStatus;
  location: LatLng & { address: string; geohash: string };
  gh3: string;
  gh4: string;
  gh5: string;
  createdAtMs: number;
};

export const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

function statusFor(random: () => number, ageDays: number): RequestStatus {
  const activeShare = ageDays < 7 ? 0.85 : ageDays < 30 ? 0.5 : 0.1;
  if (random() < activeShare) return REQUEST_STATUS.active;
  return pick(random, [
    [REQUEST_STATUS.completed, 5],
    [REQUEST_STATUS.inProgress, 2],
    [REQUEST_STATUS.cancelled, 3],
  ] as const);
}

function placeFor(random: () => number): { at: LatLng; address: string } {
  const area = pick(random, AREAS);
  if (area === "core" || area === "metro") {
    const sigma = area === "core" ? 3.5 : 12;
    const distance = Math.abs(gaussian(random)) * sigma;
    return { at: destinationPoint(MILANO, distance, random() * 360), address: "Milano" };
  }
  if (area === "town") {
    const town = pick(random, TOWNS);
    const distance = Math.abs(gaussian(random)) * 3;
    return { at: destinationPoint(town.at, distance, random() * 360), address: town.name };
  }
  // Countryside: anywhere in the Po valley and the hills around it.
  return {
    at: { lat: 44.2 + random() * 2.1, lng: 7.3 + random() * 4.5 },
    address: "Campagna",
  };
}

/** `count` requests, newest `now`, reproducible for a given seed. */
export function generateRequests(count: number, seed = 20250101, now = Date.now()): BenchRequest[] {
  const random = seededRandom(seed);
  const requests: BenchRequest[] = [];
  for (let i = 0; i < count; i += 1) {
    const { at, address } = placeFor(random);
    const ageDays = Math.floor(random() * HISTORY_DAYS);
    const hour = pick(random, HOURS);
    const createdAtMs = Math.min(
      now,
      now - ageDays * DAY_MS - (now % DAY_MS) + hour * 3_600_000 + Math.floor(random() * 3_600_000),
    );
    const geo = requestGeoFields(at);
    const id = `bench-${String(i).padStart(6, "0")}`;
    requests.push({
      id,
      customerId: `bench-buyer-${i % 5000}`,
      productName: `Richiesta ${i}`,
      category: pick(random, CATEGORY_WEIGHTS),
      urgency: pick(random, URGENCY_WEIGHTS),
      actionRadius: pick(random, ACTION_RADII),
      status: statusFor(random, (now - createdAtMs) / DAY_MS),
      location: { address, lat: at.lat, lng: at.lng, geohash: geo.geohash },
      gh3: geo.gh3,
      gh4: geo.gh4,
      gh5: geo.gh5,
      createdAtMs,
    });
  }
  return requests;
}

/** The bench's merchants: Milano centre, 15 km out, 80 km out. */
export const BENCH_MERCHANTS: ReadonlyArray<{ name: string; at: LatLng }> = [
  { name: "centro Milano", at: MILANO },
  { name: "15 km (Rozzano)", at: destinationPoint(MILANO, 15, 200) },
  { name: "80 km (campagna piacentina)", at: destinationPoint(MILANO, 80, 135) },
];
