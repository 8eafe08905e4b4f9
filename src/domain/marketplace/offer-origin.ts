import { z } from "zod";

/**
 * Where the shop made the offer from (the market dashboard's share of each): 'catalogo' when the form
 * was filled from its catalogue, 'notifica' when a notification opened it (`?origin=notifica`), else
 * 'feed'. The caller says it; submitOffer takes only these values.
 */
export const OFFER_ORIGINS = ["feed", "notifica", "catalogo"] as const;
export const offerOriginSchema = z.enum(OFFER_ORIGINS, { error: "Provenienza dell'offerta non valida" });
export type OfferOrigin = z.infer<typeof offerOriginSchema>;
