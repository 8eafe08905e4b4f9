import { type Offer, shopMayReadRequest } from "@/domain/marketplace/offer";
import type { Request } from "@/domain/marketplace/request";

/**
 * The shop's offers with the request each answers, apart from ./offers.ts (Firestore Lite, and Firebase
 * with it): the dashboard's first read over REST (src/lib/first-read.ts) builds its rows with this before
 * Firebase has downloaded, which loads only when a request must be read.
 */

export type MerchantOfferRow = { offer: Offer; request: Request | null };

/** Each offer with its request, read where `wanted` and the rules let the shop read it (else null). */
export async function withRequests(
  offers: readonly Offer[],
  wanted: (offer: Offer) => boolean,
): Promise<MerchantOfferRow[]> {
  const readable = (offer: Offer) => shopMayReadRequest(offer.status) && wanted(offer);
  const ids = [...new Set(offers.filter(readable).map((offer) => offer.requestId))];
  const getRequest = ids.length > 0 ? (await import("./request-by-id")).getRequest : undefined;
  const requests = new Map(
    await Promise.all(
      ids.map(async (id) => {
        const request = await getRequest?.(id).catch((error: unknown) => {
          console.warn(`Richiesta ${id} non leggibile per l'elenco offerte`, error);
          return null;
        });
        return [id, request ?? null] as const;
      }),
    ),
  );
  return offers.map((offer) => ({
    offer,
    request: readable(offer) ? (requests.get(offer.requestId) ?? null) : null,
  }));
}

/** The dashboard's latest offers: a request is read only for an older offer that does not name its product. */
export const withRequestsForTitles = (offers: readonly Offer[]): Promise<MerchantOfferRow[]> =>
  withRequests(offers, (offer) => !offer.productName);
