import type { OfferOrigin } from "@/domain/marketplace/offer-origin";

/**
 * Where the form was opened from (src/domain/marketplace/offer-origin.ts): filled from the catalogue
 * (the feed's 'Ce l'hai a …' draft), else opened by a notification (`?origin=notifica`), else the feed.
 */
export function offerOriginOf(draftOrigin: unknown, originParam: string | null): OfferOrigin {
  if (draftOrigin === "catalogo") return "catalogo";
  return originParam === "notifica" ? "notifica" : "feed";
}
