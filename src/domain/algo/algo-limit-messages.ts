import { ALGO_DAILY_TURN_CAP, ALGO_DAILY_TURN_CAP_UNPROVEN, ALGO_IMAGE_MAX_BYTES } from "../core/limits.ts";

/** Refusals of Algo's cost caps (ours: the spec gives no text for these); known to the catalogue (isKnownMessage). */
export const ALGO_LIMIT_MESSAGES = {
  imageTooLarge: `La foto è troppo grande: al massimo ${(ALGO_IMAGE_MAX_BYTES / 1_000_000).toLocaleString("it-IT")} MB.`,
  dailyTurns: `Hai scritto ad Algo ${ALGO_DAILY_TURN_CAP} volte oggi, il massimo per un giorno. Riprova domani.`,
  dailyTurnsUnproven: `Hai scritto ad Algo ${ALGO_DAILY_TURN_CAP_UNPROVEN} volte oggi. Conferma il tuo indirizzo e-mail (apri il link che ti abbiamo mandato) per continuare fino a ${ALGO_DAILY_TURN_CAP} messaggi al giorno.`,
  dailyFailures:
    "Oggi Algo ha avuto troppi problemi tecnici con i tuoi messaggi: per non farti spendere token inutilmente, riprova domani.",
} as const;
