/**
 * How a deal ends, in words (deal-end.ts): the system lines the functions write into the deal's chat
 * (never typed by a participant: firestore.rules refuses a message of type `system`), and what the deal
 * callables refuse with (known-messages.ts knows them, so the app shows them as they are).
 */
export const DEAL_SYSTEM_LINES = {
  accepted: "Offerta accettata: il negozio tiene da parte l'articolo. Alla cassa mostra il codice di ritiro.",
  verified: "Acquisto verificato: ritiro confermato in negozio con il codice. L'accordo è completato.",
  cancelled: "Accordo annullato dall'acquirente. Motivo:",
  noShow:
    "Non ritirato: il negozio ha segnato l'articolo come non ritirato. La richiesta torna all'acquirente.",
  closed:
    "Accordo chiuso: nessun ritiro verificato entro 14 giorni dall'accettazione. L'acquirente può rinnovare la richiesta.",
} as const;

export const DEAL_END_REFUSALS = {
  /** cancelDeal, releaseHold, markNoShow on a deal the shop verified at its till. */
  verifiedFinal:
    "L'acquisto è stato verificato in negozio: l'accordo è concluso e non si può più modificare.",
  /** acceptOffer when the hold, the address or the hours changed since the buyer's screen showed them. */
  holdChanged:
    "Il negozio ha appena cambiato la prenotazione, l'indirizzo o gli orari: controlla le condizioni aggiornate prima di accettare.",
  /** markNoShow on a hold the shop itself let go. */
  shopReleased: "Hai annullato tu la prenotazione: il cliente non può risultare come non ritirato.",
  /** completeTransaction on a verified deal already rated. */
  alreadyRated: "Hai già valutato questo acquisto.",
} as const;

/** Labels of the deal's end on both sides' cards. */
export const DEAL_END_LABELS = {
  verified: "Acquisto verificato",
  completed: "Completata",
  closed: "Accordo chiuso",
  rateVerified: "Valuta il negozio",
} as const;
