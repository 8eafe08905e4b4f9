/**
 * The shop dashboard's 'Richieste senza offerte vicino a te': of the zone's requests (the
 * dashboard's one bounded feed page: the shop's area and categories, newest first), those from the
 * last UNMET_DEMAND_DAYS that no shop has answered yet. `offerCount` is absent before the first offer
 * (submitOffer increments it), so absent and 0 both mean none.
 */
export const UNMET_DEMAND_DAYS = 7;
/** At most this many on the tile. */
export const UNMET_DEMAND_SHOWN = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

export function unmetRequests<T extends { createdAt: Date; offerCount?: number | undefined }>(
  requests: readonly T[],
  now: Date,
): T[] {
  const since = now.getTime() - UNMET_DEMAND_DAYS * DAY_MS;
  return requests
    .filter(
      (request) => !(request.offerCount && request.offerCount > 0) && request.createdAt.getTime() >= since,
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, UNMET_DEMAND_SHOWN);
}
