import type { Offer } from "@/domain/offer";
import type { Request } from "@/domain/request";
import { isActiveRequest, isCompletedRequest, isNegotiation } from "@/domain/state-machine";

export type CustomerStats = {
  active: number;
  offersReceived: number;
  negotiations: number;
  completed: number;
};

/** The dashboard's four numbers (spec §2): negotiations are the requests in progress. */
export function customerStats(requests: readonly Request[], offers: readonly Offer[]): CustomerStats {
  return {
    active: requests.filter((request) => isActiveRequest(request.status)).length,
    offersReceived: offers.length,
    negotiations: requests.filter((request) => isNegotiation(request.status)).length,
    completed: requests.filter((request) => isCompletedRequest(request.status)).length,
  };
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
