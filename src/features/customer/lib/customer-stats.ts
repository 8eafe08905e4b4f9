import type { Offer } from "@/domain/marketplace/offer";
import type { Request } from "@/domain/marketplace/request";
import { isActiveRequest, isCompletedRequest, isNegotiation } from "@/domain/marketplace/state-machine";

export type CustomerStats = {
  active: number;
  offersReceived: number;
  negotiations: number;
  completed: number;
};

/**
 * The dashboard's four numbers (spec §2): negotiations are the requests in progress. Counted from the
 * newest lists, except those `counted` on the server (useCustomerCounts, when a list is full).
 */
export function customerStats(
  requests: readonly Request[],
  offers: readonly Offer[],
  counted: Partial<CustomerStats> = {},
): CustomerStats {
  return {
    active: requests.filter((request) => isActiveRequest(request.status)).length,
    offersReceived: offers.length,
    negotiations: requests.filter((request) => isNegotiation(request.status)).length,
    completed: requests.filter((request) => isCompletedRequest(request.status)).length,
    ...counted,
  };
}

/**
 * How many offers a request has had: the request's own count (submitOffer keeps it), or the offers
 * listed for it when that is more (a request older than the count, or a live offer that came first).
 */
export function offerCountOf(request: Request, listed: readonly Offer[]): number {
  return Math.max(request.offerCount ?? 0, listed.length);
}

/** Offers grouped by request id, newest first as given. */
export function offersByRequest(offers: readonly Offer[]): Map<string, Offer[]> {
  const grouped = new Map<string, Offer[]>();
  for (const offer of offers) {
    const list = grouped.get(offer.requestId);
    if (list) list.push(offer);
    else grouped.set(offer.requestId, [offer]);
  }
  return grouped;
}

/**
 * The live newest requests followed by the older pages read after them, each request once (a request
 * deleted from the live list lets an older one in that a page may hold too).
 */
export function withOlderRequests(
  newest: readonly Request[],
  pages: readonly (readonly Request[])[] | undefined,
): Request[] {
  if (!pages || pages.length === 0) return [...newest];
  const seen = new Set(newest.map((request) => request.id));
  const older = pages.flat().filter((request) => !seen.has(request.id));
  return [...newest, ...older];
}
