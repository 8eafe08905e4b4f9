/** The request's life (closing, renewing, expiry, a cancelled deal, a withdrawn offer): its Italian texts. */
export const REQUEST_LIFE_MESSAGES = {
  closeAction: "Chiudi la richiesta",
  closeTitle: "Chiudere la richiesta?",
  closeBody:
    "I negozi non potranno più inviarti offerte e quelle in attesa scadranno. Potrai pubblicare una nuova richiesta quando vuoi.",
  closeReasonLabel: "Motivo (facoltativo)",
  closeConfirm: "Chiudi la richiesta",
  closed: "Richiesta chiusa",
  closeFailed: "Impossibile chiudere la richiesta. Riprova.",
  renewAction: "Rinnova",
  renewTitle: "Rinnovare la richiesta?",
  renewBody: "Resterà aperta alle offerte per altri 7 giorni da oggi.",
  renewConfirm: "Rinnova per 7 giorni",
  renewed: "Richiesta rinnovata per 7 giorni",
  renewFailed: "Impossibile rinnovare la richiesta. Riprova.",
  /** renewRequest on an active request still far from its expiry. */
  renewTooEarly: "Puoi rinnovare la richiesta negli ultimi 2 giorni prima della scadenza.",
  /** renewRequest on a request expired more than 30 days ago. */
  renewTooLate: "Questa richiesta è scaduta da più di 30 giorni: pubblicane una nuova.",
  cancelDealAction: "Annulla l'accordo",
  cancelDealTitle: "Annullare l'accordo?",
  cancelDealBody:
    "Il negozio verrà avvisato e la richiesta tornerà aperta alle offerte degli altri negozi per 7 giorni.",
  cancelDealReasonLabel: "Perché annulli l'accordo?",
  cancelDealReasonNeeded: "Scegli un motivo",
  cancelDealConfirm: "Annulla l'accordo",
  dealCancelled: "Accordo annullato: la richiesta è di nuovo aperta",
  cancelDealFailed: "Impossibile annullare l'accordo. Riprova.",
  /** The message written in the conversation for the shop, in the buyer's name: then the reason. */
  withdrawAction: "Ritira l'offerta",
  withdrawTitle: "Ritirare l'offerta?",
  withdrawBody:
    "Il cliente verrà avvisato e non potrai più modificarla né inviarne un'altra per questa richiesta.",
  withdrawConfirm: "Ritira l'offerta",
  withdrawn: "Offerta ritirata",
  withdrawFailed: "Impossibile ritirare l'offerta. Riprova.",
  keep: "Annulla",
  /** Offers still pending when the request expired, was closed or completed: the reason they read. */
  offerExpiredReason: "La richiesta non è più aperta",
  /** Why the chat is closed (after CHAT_MESSAGES.conversationClosed). */
  closedOfferWithdrawn: "l'offerta è stata ritirata",
  closedDealCancelled: "l'accordo è stato annullato",
  closedRequestExpired: "la richiesta è scaduta",
  expiresToday: "Scade oggi",
  expiresTomorrow: "Scade domani",
} as const;

/** 'Scade tra 3 giorni'. */
export function expiresInDays(days: number): string {
  return `Scade tra ${days} giorni`;
}

/** 'Scaduta il 3 dicembre 2026'. */
export function expiredOn(date: Date): string {
  return `Scaduta il ${date.toLocaleDateString("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Rome" })}`;
}
