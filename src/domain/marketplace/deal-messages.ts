import { formatEuro } from "../billing/pricing.ts";

/**
 * The buyer's decisions on an offer, in words that say what will happen (accepting cannot be undone
 * and declines the other offers), and the step that asks for the rating only once the buyer says they
 * bought.
 */
export const DEAL_MESSAGES = {
  acceptTitle: (merchantName: string, price: number) =>
    `Accettare l'offerta di ${merchantName} a ${formatEuro(price)}?`,
  acceptDescription:
    "La richiesta passa in trattativa con questo negozio: le altre offerte ricevute vengono rifiutate con un messaggio cortese e non ne arriveranno di nuove. Non potrai tornare indietro.",
  acceptConfirm: "Sì, accetta l'offerta",
  acceptCancel: "Non ancora",
  holdLoading: "Carico la prenotazione, l'indirizzo e gli orari del negozio…",
  holdUnavailable: "Impossibile leggere l'indirizzo e gli orari del negozio. Chiudi e riprova.",
  purchasedPrompt:
    "Quando hai acquistato in negozio, segnalalo qui: ti chiederemo di valutare il negozio e la richiesta sarà completata.",
  purchasedButton: "Ho acquistato",
  ratingLegend: "Come è andata con il negozio?",
  ratingNone: "Nessuna stella scelta",
  completeButton: "Invia la valutazione e completa",
  notYet: "Non ancora",
} as const;

/** The shop's name in the buyer's words, when the offer carries none. */
export const UNNAMED_SHOP = "il negozio";
