import { listCatalogue } from "@/data/catalogue";
import { formatEuro } from "@/domain/billing/pricing";
import {
  CATALOGUE_MESSAGES,
  catalogueMatch,
  catalogueOfferDraft,
  type MatchableRequest,
} from "@/domain/marketplace/catalogue";
import type { Request } from "@/domain/marketplace/request";
import { saveOfferDraft } from "@/lib/offer-draft";

/** A request the shop's catalogue answers: the card's words, and what fills the offer form. */
export type CatalogueHit = { label: string; fill: () => void };
export type CatalogueLookup = (
  request: MatchableRequest & Pick<Request, "id" | "deliveryPreference">,
) => CatalogueHit | undefined;

/**
 * The feed's 'Ce l'hai a 89,00 €' (loaded on demand once the feed has painted): the shop's own
 * catalogue, read once (at most MAX_CATALOGUE_PRODUCTS products), matched on the client against each
 * card's request (catalogueMatch). `fill` keeps the offer as a draft of the make-offer form
 * (src/lib/offer-draft.ts, origin 'catalogo'): nothing is sent until the shop taps 'Invia l'offerta'.
 */
export async function loadCatalogueLookup(uid: string): Promise<CatalogueLookup> {
  const products = await listCatalogue(uid);
  return (request) => {
    const product = catalogueMatch(request, products);
    if (!product) return undefined;
    return {
      label: CATALOGUE_MESSAGES.youHaveIt(formatEuro(product.price)),
      fill: () => saveOfferDraft(request.id, catalogueOfferDraft(product, request)),
    };
  };
}
