import type { DocumentData, Firestore } from "firebase-admin/firestore";
import { Timestamp } from "firebase-admin/firestore";
import { parseSubscription } from "../../functions/src/billing/subscription-store";
import { COLLECTIONS } from "../../src/domain/core/collections";
import type { RequestCategory } from "../../src/domain/core/enums";
import type { MarketDashboard, MarketFilter, MarketGroupRow } from "../../src/domain/market/market-dashboard";
import {
  comuneKey,
  comuneOf,
  daysEnding,
  MARKET_PRIVACY_MIN_REQUESTS,
  marketDay,
  planLapsedAt,
  shiftDay,
} from "../../src/domain/market/market-rollups";

/**
 * The market page's numbers computed the slow, obvious way from the raw documents (every request,
 * offer, shop and plan), with none of the rollups' code: what tests/integration/market-rollups.test.ts
 * holds the page to.
 */

const date = (value: unknown): Date | null => (value instanceof Timestamp ? value.toDate() : null);

interface RawRequest {
  day: string;
  comune: string;
  category: RequestCategory;
  status: string;
  createdAt: Date;
  /** The sale was proved at the till (verifyPickup). */
  verified: boolean;
  offers: DocumentData[];
}

export async function readRaw(db: Firestore) {
  const [requests, offers, users, subscriptions] = await Promise.all([
    db.collection(COLLECTIONS.requests).get(),
    db.collection(COLLECTIONS.offers).get(),
    db.collection(COLLECTIONS.users).get(),
    db.collection(COLLECTIONS.subscriptions).get(),
  ]);
  const raw: RawRequest[] = requests.docs.map((doc) => {
    const createdAt = date(doc.get("createdAt")) as Date;
    return {
      day: marketDay(createdAt),
      comune: comuneOf(String(doc.get("location.address"))),
      category: doc.get("category"),
      status: doc.get("status"),
      createdAt,
      // The verification is the deal's offer's (verifyPickup), never the request's.
      verified: offers.docs.some(
        (offer) => offer.get("requestId") === doc.id && date(offer.get("verifiedPurchaseAt")) !== null,
      ),
      offers: offers.docs.filter((offer) => offer.get("requestId") === doc.id).map((offer) => offer.data()),
    };
  });
  return { requests: raw, users: users.docs.map((doc) => doc.data()), subscriptions: subscriptions.docs };
}

type Raw = Awaited<ReturnType<typeof readRaw>>;

const small = (count: number) => count > 0 && count < MARKET_PRIVACY_MIN_REQUESTS;

function nearestRank(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] ?? null;
}

function firstOfferMinutes(request: RawRequest): number | null {
  const times = request.offers.map((offer) => (date(offer.createdAt) as Date).getTime());
  if (times.length === 0) return null;
  return Math.floor((Math.min(...times) - request.createdAt.getTime()) / 60_000);
}

function totalsOf(requests: RawRequest[]) {
  const minutes = requests
    .map(firstOfferMinutes)
    .filter((value): value is number => value !== null)
    .sort((a, b) => a - b);
  const published = requests.length;
  const offers = requests.reduce((sum, request) => sum + request.offers.length, 0);
  const quick = minutes.filter((value) => value < 24 * 60).length;
  return {
    published,
    withOffer: minutes.length,
    offeredWithin24h: quick,
    quickShare: published ? quick / published : null,
    offers,
    offersPerRequest: published ? offers / published : null,
    ...originsOf(
      requests.flatMap((request) => request.offers),
      offers,
    ),
    accepted: requests.flatMap((request) => request.offers).filter((offer) => offer.acceptedAt).length,
    completed: requests.filter((request) => request.status === "completed").length,
    verified: requests.filter((request) => request.verified).length,
    medianMinutes: nearestRank(minutes, 50),
    p90Minutes: nearestRank(minutes, 90),
    activeShops: new Set(requests.flatMap((request) => request.offers.map((offer) => offer.merchantId))).size,
    unanswered: published - minutes.length,
  };
}

/** The offers made from a notification and from the catalogue, counted and shared. */
function originsOf(offers: DocumentData[], total: number) {
  const fromNotification = offers.filter((offer) => offer.origin === "notifica").length;
  const fromCatalogue = offers.filter((offer) => offer.origin === "catalogo").length;
  return {
    offersFromNotification: fromNotification,
    offersFromCatalogue: fromCatalogue,
    notificationShare: total ? fromNotification / total : null,
    catalogueShare: total ? fromCatalogue / total : null,
  };
}

function groups(requests: RawRequest[], keyOf: (request: RawRequest) => [string, string]) {
  const byKey = new Map<string, MarketGroupRow>();
  for (const request of requests) {
    const [key, label] = keyOf(request);
    const row = byKey.get(key) ?? { key, label, published: 0, unanswered: 0 };
    row.published += 1;
    if (request.offers.length === 0) row.unanswered += 1;
    byKey.set(key, row);
  }
  const rows = [...byKey.values()];
  return {
    rows: rows
      .filter((row) => !small(row.published))
      .sort((a, b) => b.unanswered - a.unanswered || a.label.localeCompare(b.label, "it")),
    hidden: rows.filter((row) => small(row.published)).length,
  };
}

/** What the page should show for `filter`, from the raw documents at `now`. */
export function bruteForceDashboard(raw: Raw, filter: MarketFilter, now: Date): MarketDashboard {
  const days = daysEnding(filter.today, filter.period);
  const inPeriod = (day: string) => days.includes(day);
  const selected = raw.requests.filter(
    (request) =>
      request.status !== "awaiting_email" &&
      (filter.comune === undefined || comuneKey(request.comune) === filter.comune) &&
      (filter.category === undefined || request.category === filter.category),
  );
  const requests = selected.filter((request) => inPeriod(request.day));
  const totals = totalsOf(requests);
  // The period just before, of the same length: only when the page loads it (90 days at most).
  const before = daysEnding(shiftDay(days[0] ?? filter.today, -1), filter.period);
  const previous = totalsOf(selected.filter((request) => before.includes(request.day)));
  const previousMedianMinutes =
    filter.period * 2 <= 90 && !small(previous.published) ? previous.medianMinutes : null;
  const byCategory = groups(requests, (request) => [request.category, request.category]);
  const byComune = groups(requests, (request) => [comuneKey(request.comune), request.comune]);
  const newShops = raw.users.filter((user) => {
    const at = date(user.shop?.verifiedAt);
    return user.shop?.status === "verified" && at !== null && inPeriod(marketDay(at));
  }).length;
  const lapsedPlans = raw.subscriptions.filter((doc) => {
    const lapsedAt = planLapsedAt(parseSubscription(doc.data()), now);
    return lapsedAt !== null && inPeriod(marketDay(lapsedAt));
  }).length;
  return {
    days: days.map((day) => {
      const sum = totalsOf(requests.filter((request) => request.day === day));
      return small(sum.published)
        ? { day, published: null, quickShare: null }
        : { day, published: sum.published, quickShare: sum.quickShare };
    }),
    totals: small(totals.published) ? null : totals,
    previousMedianMinutes,
    shops: { newShops, lapsedPlans },
    unansweredByCategory: byCategory.rows,
    unansweredByComune: byComune.rows,
    hiddenGroups: byCategory.hidden + byComune.hidden,
  };
}
