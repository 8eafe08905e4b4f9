import {
  collection,
  deleteField,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  orderBy,
  type QueryDocumentSnapshot,
  query,
  serverTimestamp,
  startAfter,
  updateDoc,
  where,
} from "firebase/firestore/lite";
import type { SubmitOfferInput, SubmitOfferOutput } from "@/domain/boundary/callables";
import { COLLECTIONS, OFFER_FIELDS } from "@/domain/core/collections";
import { type ShopMonth, shopMonthId, shopMonthSchema } from "@/domain/market/shop-funnel";
import type { GroupOfferInput, GroupOfferOutput } from "@/domain/marketplace/group-offer";
import { type Offer, type OfferTerms, offerIdFor } from "@/domain/marketplace/offer";
import { pendingOfferUpdate } from "@/domain/marketplace/offer-document";
import type { OfferFormData } from "@/domain/marketplace/offer-form";
import type { OfferOrigin } from "@/domain/marketplace/offer-origin";
import { OFFER_STATUS, type OfferStatus } from "@/domain/marketplace/state-machine";
import { countUpToLimit, getLiteDb, liteQuery } from "./firestore-lite";
import { type MerchantOfferRow, withRequests, withRequestsForTitles } from "./merchant-offer-rows";
import { readOfferSnapshots as readSnapshots } from "./offer-documents";
import { merchantOffersQuery } from "./page-queries";

export type { MerchantOfferRow } from "./merchant-offer-rows";
export { getOffer } from "./offer-by-id";

/**
 * offers/{requestId}_{merchantId} (spec §3): one offer per merchant per request. The id is deterministic
 * so a second visit to the make-offer page finds (and, while pending, edits) the same offer, and so the
 * rules can check "this merchant has an offer on this request" with a single exists(). One-shot reads
 * and writes over Firestore Lite like ./requests.ts; screens read an offer again on the user's news
 * (src/lib/news.ts) rather than following it.
 */

/** Opaque position in a merchant's offer list. */
export type OffersCursor = { readonly __offersCursor: true };

export type OffersPage = { items: Offer[]; nextCursor: OffersCursor | null };

/** The merchant's offers, newest first, `pageSize` at a time (rules: `merchantId == uid`). */
export async function listMerchantOffers(
  merchantId: string,
  pageSize: number,
  cursor: OffersCursor | null = null,
): Promise<OffersPage> {
  const after = cursor ? [startAfter(cursor as unknown as QueryDocumentSnapshot)] : [];
  const snapshot = await getDocs(
    liteQuery(await getLiteDb(), merchantOffersQuery(merchantId, pageSize), ...after),
  );
  const last = snapshot.docs[snapshot.docs.length - 1];
  return {
    items: await readSnapshots(snapshot.docs),
    nextCursor: snapshot.size === pageSize && last ? (last as unknown as OffersCursor) : null,
  };
}

const IN_FILTER_MAX = 30; // Firestore's bound on an `in` filter's values

/**
 * The merchant's own offers on these requests (the feed's cards: 'Hai offerto 150 €'), by request id.
 * Rules: `merchantId == uid`; each query carries at most 30 ids and the same limit.
 */
export async function listMerchantOffersOn(
  merchantId: string,
  requestIds: readonly string[],
): Promise<Map<string, Offer>> {
  const ids = [...new Set(requestIds)];
  const chunks = Array.from({ length: Math.ceil(ids.length / IN_FILTER_MAX) }, (_, index) =>
    ids.slice(index * IN_FILTER_MAX, (index + 1) * IN_FILTER_MAX),
  );
  const db = await getLiteDb();
  const snapshots = await Promise.all(
    chunks.map((chunk) =>
      getDocs(
        query(
          collection(db, COLLECTIONS.offers),
          where(OFFER_FIELDS.merchantId, "==", merchantId),
          where(OFFER_FIELDS.requestId, "in", chunk),
          limit(chunk.length),
        ),
      ),
    ),
  );
  const offers = await readSnapshots(snapshots.flatMap((snapshot) => snapshot.docs));
  return new Map(offers.map((offer) => [offer.requestId, offer]));
}

/**
 * A page of the merchant's offers with the request each one answers. The request is read only for
 * pending and accepted offers (shopMayReadRequest): the rules close a request to a shop that lost it,
 * and the app never asks for what they refuse; those rows carry request null and take their title from
 * the offer (offerTitle). One read per readable request: fine for a page of 20.
 */
export async function listMerchantOffersWithRequests(
  merchantId: string,
  pageSize: number,
  cursor: OffersCursor | null = null,
): Promise<{ items: MerchantOfferRow[]; nextCursor: OffersCursor | null }> {
  const page = await listMerchantOffers(merchantId, pageSize, cursor);
  return { items: await withRequests(page.items, () => true), nextCursor: page.nextCursor };
}

/**
 * The merchant's latest offers for a list that shows only their titles (the shop's dashboard): an offer
 * names its product (submitOffer copies it), so a request is read only for an older offer that does not,
 * instead of one read per offer on every visit.
 */
export async function listRecentMerchantOffers(
  merchantId: string,
  count: number,
): Promise<MerchantOfferRow[]> {
  const page = await listMerchantOffers(merchantId, count);
  return withRequestsForTitles(page.items);
}

/**
 * How many offers the merchant has sent, optionally in one status (an aggregation: index entries, no
 * documents), counted up to REQUEST_QUERY_LIMIT: the rules bound every list, counts included, so the
 * count stops there and the screen shows "50+".
 */
export function countMerchantOffers(merchantId: string, status?: OfferStatus): Promise<number> {
  const mine = where(OFFER_FIELDS.merchantId, "==", merchantId);
  return status
    ? countUpToLimit(COLLECTIONS.offers, mine, where(OFFER_FIELDS.status, "==", status))
    : countUpToLimit(COLLECTIONS.offers, mine);
}

/** Thrown when the merchant's offer exists but is no longer pending: it cannot change. */
export class OfferNotEditableError extends Error {
  override name = "OfferNotEditableError";
  constructor(readonly status: OfferStatus) {
    super(`L'offerta è ${status}: non si può modificare`);
  }
}

export type SaveOfferInput = {
  requestId: string;
  /** The signed-in shop: the offer's id is {requestId}_{merchantId}. */
  merchantId: string;
  form: OfferFormData;
  aiGenerated?: boolean;
  /** Where the form was opened from (a new offer records it; an edit leaves it). */
  origin?: OfferOrigin;
};

/** submitOffer, loaded on first use so the offer lists do not carry Cloud Functions' SDK. */
async function submitOfferCallable(terms: SubmitOfferInput): Promise<SubmitOfferOutput> {
  const { submitOffer } = await import("./deals");
  return submitOffer(terms);
}

/**
 * 'Un'offerta per tutti': the same terms to several similar requests through submitGroupOffer, which
 * sends one offer per request with submitOffer's checks and answers per request (loaded on first use).
 */
export async function sendGroupOffer(input: GroupOfferInput): Promise<GroupOfferOutput> {
  const { submitGroupOffer } = await import("./group-offers");
  return submitGroupOffer(input);
}

/**
 * Sends the merchant's offer on a request through submitOffer, which checks the shop, the request and
 * the limits and opens the conversation in the same transaction (spec §4); or edits the
 * offer directly while it is still pending (the rules allow only the terms to change). Returns the
 * conversation id (= the offer id).
 */
export async function saveOffer(
  input: SaveOfferInput,
  /** The app's database and callable by default; tests pass their own. */
  deps: { db?: Firestore; submit?: (terms: SubmitOfferInput) => Promise<SubmitOfferOutput> } = {},
): Promise<{ offerId: string; conversationId: string }> {
  const db = deps.db ?? (await getLiteDb());
  const offerId = offerIdFor(input.requestId, input.merchantId);
  const { estimatedDeliveryTime, additionalNotes } = input.form;
  const terms: OfferTerms = {
    requestId: input.requestId,
    price: input.form.price,
    description: input.form.description,
    deliveryOptions: input.form.deliveryOptions,
    // A callable carries JSON, where an undefined field would arrive as null: leave empty ones out.
    ...(estimatedDeliveryTime ? { estimatedDeliveryTime } : {}),
    ...(additionalNotes ? { additionalNotes } : {}),
    aiGenerated: input.aiGenerated ?? false,
    ...(input.form.holdChoice ? { holdChoice: input.form.holdChoice } : {}),
  };
  const offerRef = doc(db, COLLECTIONS.offers, offerId);
  const existing = await getDoc(offerRef);
  const submit = () => (deps.submit ?? submitOfferCallable)({ ...terms, origin: input.origin ?? "feed" });
  if (!existing.exists()) return submit();
  const status = existing.get(OFFER_FIELDS.status) as OfferStatus;
  // An offer that expired with the request: submitOffer replaces it if the buyer renewed the request.
  if (status === OFFER_STATUS.expired) return submit();
  if (status !== OFFER_STATUS.pending) throw new OfferNotEditableError(status);
  await updateDoc(offerRef, pendingOfferUpdate(terms, serverTimestamp, deleteField));
  return { offerId, conversationId: offerId };
}

/**
 * The shop's accepted deals whose hold ends today or later ('Ritiri di oggi'), soonest first, at most
 * `max`: rules `merchantId == uid`, bounded; index merchantId + status + holdUntil. Verified ones are left
 * out here (they wait only for the buyer's rating).
 */
export async function listHeldOffers(merchantId: string, from: Date, max: number): Promise<Offer[]> {
  const snapshot = await getDocs(
    query(
      collection(await getLiteDb(), COLLECTIONS.offers),
      where(OFFER_FIELDS.merchantId, "==", merchantId),
      where(OFFER_FIELDS.status, "==", OFFER_STATUS.accepted),
      where(OFFER_FIELDS.holdUntil, ">=", from),
      orderBy(OFFER_FIELDS.holdUntil),
      limit(max),
    ),
  );
  return (await readSnapshots(snapshot.docs)).filter((offer) => !offer.verifiedPurchaseAt);
}

/** The shop's funnel of the month (shopMonths/{YYYY-MM}_{uid}, rules: its own id); zeros before any. */
export async function getShopMonth(merchantId: string, month: string): Promise<ShopMonth> {
  const snapshot = await getDoc(
    doc(await getLiteDb(), COLLECTIONS.shopMonths, shopMonthId(merchantId, month)),
  );
  return shopMonthSchema.parse(snapshot.data() ?? {});
}
