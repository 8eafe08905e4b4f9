import { MAX_ACTIVE_REQUESTS_PER_BUYER, MAX_REQUESTS_PER_DAY } from "../core/limits.ts";

/**
 * What Algo says in the chat when it has everything but does not publish (ours: the spec gives no text
 * for these). The conversation stays open and keeps its fields, so the buyer only has to answer.
 */
export const PUBLISHING_MESSAGES = {
  placeNeeded: "Dove ti serve? Scrivi il comune o tocca «Usa la mia posizione» prima di pubblicare.",
  productNeeded: "Prima di pubblicare dimmi che prodotto cerchi.",
  tooManyActive: `Hai già ${MAX_ACTIVE_REQUESTS_PER_BUYER} richieste attive, il massimo. Quando una si conclude, o se ne annulli una dalla tua area, tocca di nuovo «Pubblica»: i dettagli di questa li tengo io.`,
  dailyLimit: `Oggi hai già pubblicato ${MAX_REQUESTS_PER_DAY} richieste, il massimo per un giorno. Tocca «Pubblica» domani: i dettagli di questa li tengo io.`,
  /** The zone merchants read when the typed place names only a street (or nothing but a position). */
  zoneUnknown: "Zona indicata sulla mappa",
} as const;
