import { listCatalogue } from "@/data/catalogue";
import { formatEuro } from "@/domain/billing/pricing";
import {
  CATALOGUE_MESSAGES,
  catalogueMatch,
  catalogueOfferDraft,
  type MatchableRequest,
} from "@/domain/marketplace/catalogue";
import type { OfferDraft } from "@/lib/offer-draft";

/** A request the shop's catalogue answers: the card's words, and the draft that fills the offer form. */
export type CatalogueHit = { label: string; draft: OfferDraft };
export type CatalogueLookup = (request: MatchableRequest) => CatalogueHit | undefined;

/**
 * The feed's 'Ce l'hai a 89,00 €' (loaded on demand once the feed has painted): the shop's own
 * catalogue, read once (at most MAX_CATALOGUE_PRODUCTS products), matched on the client against each
 * card's request (catalogueMatch). The card's link hands `draft` to the make-offer form (the navigation's
 * state, origin 'catalogo'): nothing is sent until the shop taps 'Invia l'offerta'.
 */
export async function loadCatalogueLookup(uid: string): Promise<CatalogueLookup> {
  const products = await listCatalogue(uid);
  return (request) => {
    const product = catalogueMatch(request, products);
    if (!product) return undefined;
    return {
      label: CATALOGUE_MESSAGES.youHaveIt(formatEuro(product.price)),
      draft: catalogueOfferDraft(product),
    };
  };
}
