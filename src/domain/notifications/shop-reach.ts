import { z } from "zod";
import { type RequestCategory, requestCategorySchema } from "../core/enums.ts";
import { MAX_GEO_QUERY_CELLS, MERCHANT_ZONE_RADIUS_KM } from "../core/limits.ts";
import { type LatLng, latLngSchema } from "../geo/geo.ts";
import {
  coveringCells,
  type GeohashField,
  geohashFieldName,
  isGeohashFieldPrecision,
  requestGeoFields,
} from "../geo/geo-cover.ts";
import { visibleDistanceKm } from "../geo/geo-feed.ts";
import { NOTIFICATION_DIGEST_INTERVAL_MS } from "./notifications.ts";

/**
 * Which shops hear of a new request: work per request instead of an hourly scan of every shop.
 *
 * A shop hears of a request in one of its categories when the request is within the shop's zone
 * (MERCHANT_ZONE_RADIUS_KM) and the shop within the request's own radius: the same `visibleDistanceKm`
 * as the feed. So the shops to find lie within min(actionRadius, zone) of the request: their geohash
 * cells are covered like the feed's (≤ 30 cells per query), the shop index (shopIndex/{uid}) is queried
 * by cell and category, and the exact distance decides. The fan-out itself never reads the index: the
 * request goes into its cover cells' hour inboxes (below), and at the hour's end one task per cell and
 * category finds the cell's shops that hear of something and queues one digest per shop and hour.
 */

/** shopIndex/{uid}: only what the fan-out queries and checks, no personal data. */
export const shopIndexSchema = z.object({
  location: latLngSchema,
  categories: z.array(requestCategorySchema).min(1),
  gh3: z.string(),
  gh4: z.string(),
  gh5: z.string(),
});
export type ShopIndexEntry = z.infer<typeof shopIndexSchema>;

/** The index entry of a shop that should hear of requests, or null (not verified, no place, no category). */
export function shopIndexEntry(shop: {
  verified: boolean;
  location: unknown;
  categories: unknown;
}): ShopIndexEntry | null {
  if (!shop.verified) return null;
  const location = latLngSchema.safeParse(shop.location);
  const categories = shopIndexSchema.shape.categories.safeParse(shop.categories);
  if (!location.success || !categories.success) return null;
  const { gh3, gh4, gh5 } = requestGeoFields(location.data);
  return { location: location.data, categories: categories.data, gh3, gh4, gh5 };
}

export type ReachableRequest = {
  id: string;
  customerId: string;
  category: RequestCategory;
  actionRadius: number;
  location: LatLng;
};

/** The shop-index queries covering every shop that could hear of `request`: one field, cells in groups of ≤ 30. */
export function reachQueries(request: ReachableRequest): { field: GeohashField; cells: string[] }[] {
  const reachKm = Math.min(request.actionRadius, MERCHANT_ZONE_RADIUS_KM);
  const cover = coveringCells(request.location, reachKm, MAX_GEO_QUERY_CELLS);
  if (!isGeohashFieldPrecision(cover.precision))
    throw new RangeError(`no field at precision ${cover.precision}`);
  const field = geohashFieldName(cover.precision);
  const groups: { field: GeohashField; cells: string[] }[] = [];
  for (let i = 0; i < cover.cells.length; i += MAX_GEO_QUERY_CELLS) {
    groups.push({ field, cells: cover.cells.slice(i, i + MAX_GEO_QUERY_CELLS) });
  }
  return groups;
}

/** Whether the shop `shopId` at `entry` hears of `request` (the brute-force truth the queries must match). */
export function shopHearsOf(request: ReachableRequest, shopId: string, entry: ShopIndexEntry): boolean {
  return (
    shopId !== request.customerId &&
    (entry.categories as readonly string[]).includes(request.category) &&
    visibleDistanceKm(request, entry.location, MERCHANT_ZONE_RADIUS_KM) !== null
  );
}

/** The digest window `now` falls in: its start, its key, and when its digest goes. */
export function digestWindow(now: Date): { start: Date; key: string; sendAt: Date } {
  const start = new Date(
    Math.floor(now.getTime() / NOTIFICATION_DIGEST_INTERVAL_MS) * NOTIFICATION_DIGEST_INTERVAL_MS,
  );
  return {
    start,
    key: start.toISOString().slice(0, 13),
    sendAt: new Date(start.getTime() + NOTIFICATION_DIGEST_INTERVAL_MS),
  };
}

/**
 * The fan-out's inboxes, per geohash cell, category and hour (digestInbox/{cell}_{category}_{hour}): a
 * published request is merged into the inbox of each cell of its cover (≤ MAX_GEO_QUERY_CELLS writes,
 * whatever the number of shops nearby), and a shop's digest reads its own cells' inboxes (one per
 * precision a cover may use) in each of its categories.
 */
export function cellInboxId(cell: string, category: RequestCategory, windowKey: string): string {
  return `${cell}_${category}_${windowKey}`;
}

/** The cells a request is merged into: the cover of the shops that could hear of it. */
export function requestInboxCells(request: ReachableRequest): string[] {
  return reachQueries(request).flatMap((query) => query.cells);
}

/** The cells whose inboxes a shop reads: its own, at each precision a request's cover may use. */
export function shopInboxCells(entry: ShopIndexEntry): string[] {
  return [entry.gh3, entry.gh4, entry.gh5];
}

/** A request as its inboxes keep it: what the exact check and the digest need, nothing personal. */
export const inboxRequestSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  category: requestCategorySchema,
  actionRadius: z.number().positive(),
  location: latLngSchema,
  productName: z.string(),
});
export type InboxRequest = z.infer<typeof inboxRequestSchema>;

/** digestInbox/{cell}_{category}_{hour}: the hour's requests whose cover holds the cell (merged idempotently). */
export const cellInboxSchema = z.object({
  cell: z.string(),
  category: requestCategorySchema,
  requests: z.array(inboxRequestSchema).default([]),
});

/** The requests of `inboxes` the shop hears of (each once, in the inboxes' order). */
export function requestsHeardBy(
  shopId: string,
  entry: ShopIndexEntry,
  inboxes: readonly { requests: readonly InboxRequest[] }[],
): InboxRequest[] {
  const heard = new Map<string, InboxRequest>();
  for (const inbox of inboxes)
    for (const request of inbox.requests)
      if (!heard.has(request.id) && shopHearsOf(request, shopId, entry)) heard.set(request.id, request);
  return [...heard.values()];
}
