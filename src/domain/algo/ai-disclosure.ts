/**
 * AI that says it is AI (AI Act, art. 50, from 2 August 2026): text Algo or Leonardo wrote carries
 * AI_WRITTEN_LABEL until the person edits or confirms it; the buyer's summary card says which fields
 * Algo inferred from the conversation. Algo's first message (FIRST_PAINT_MESSAGES.algoWelcome) and
 * Leonardo's (OFFER_DICTATION_MESSAGES.understanding) introduce them as AI assistants.
 */
export const AI_WRITTEN_LABEL = "Scritto con l'IA";
export const AI_INFERRED_INTRO = "Algo (IA) ha dedotto dalla conversazione:";
export const AI_WRITTEN_HINT = "Controlla e modifica: quando tocchi «Pubblica» i dati diventano tuoi.";
