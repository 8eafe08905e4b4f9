import { MAX_ACTIVE_REQUESTS_PER_BUYER, MAX_REQUESTS_PER_DAY } from "./limits.ts";

/**
 * What Algo says in the chat when it has everything but does not publish (ours: the spec gives no text
 * for these). The conversation stays open and keeps its fields, so the buyer only has to answer.
 */
export const PUBLISHING_MESSAGES = {
  placeNeeded: "Dove ti serve? Scegli il luogo qui sotto o usa la tua posizione.",
  tooManyActive: `Hai già ${MAX_ACTIVE_REQUESTS_PER_BUYER} richieste attive, il massimo. Quando una si conclude, o se ne annulli una dalla tua area, scrivimi "pubblica": i dettagli di questa li tengo io.`,
  dailyLimit: `Oggi hai già pubblicato ${MAX_REQUESTS_PER_DAY} richieste, il massimo per un giorno. Scrivimi "pubblica" domani: i dettagli di questa li tengo io.`,
  /** The zone merchants read when the typed place names only a street (or nothing but a position). */
  zoneUnknown: "Zona indicata sulla mappa",
} as const;
