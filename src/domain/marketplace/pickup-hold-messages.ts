/**
 * The hold's words (pickup-hold.ts): the shop's choice on /make-offer, the deal panel's hold and its
 * release. HOLD_REFUSALS are what releaseHold and the form refuse with; known-messages.ts knows them, so the
 * app shows them as they are.
 */
type HoldChoiceKey = "nextClose" | "secondClose" | "threeDays";
type Side = "customer" | "merchant";

export const HOLD_MESSAGES = {
  choiceLabel: "Te lo teniamo da parte",
  choiceHint: "Quanto tieni da parte l'articolo dopo che il cliente accetta.",
  choices: {
    nextClose: "Fino a domani alla chiusura",
    secondClose: "Fino a dopodomani alla chiusura",
    threeDays: "3 giorni",
  } satisfies Record<HoldChoiceKey, string>,
  pickupAt: "Ritiro presso",
  hours: "Orari",
  release: "Annulla la prenotazione",
  releaseTitle: "Annullare la prenotazione?",
  releaseIntro: {
    customer: "Il negozio non terrà più da parte l'articolo per te.",
    merchant: "L'articolo non sarà più tenuto da parte per il cliente.",
  } satisfies Record<Side, string>,
  reasonLabel: "Motivo",
  confirmRelease: "Annulla la prenotazione",
  keep: "Indietro",
  released: {
    customer: "Il cliente ha annullato la prenotazione.",
    merchant: "Il negozio non tiene più da parte l'articolo.",
  } satisfies Record<Side, string>,
  releasedChat: {
    customer: "Non passerò a ritirare: annullo la prenotazione. Motivo:",
    merchant: "Non possiamo più tenere da parte l'articolo. Motivo:",
  } satisfies Record<Side, string>,
  reasonPrefix: "Motivo:",
  todayTitle: "Ritiri di oggi",
  todayEmpty: "Nessun ritiro in attesa oggi.",
  todayLoadError: "Non è stato possibile caricare i ritiri di oggi.",
  heldUntil: "Tenuto fino a",
  /** The buyer's view of a pending offer: what the shop promised to keep aside once accepted. */
  offeredLabel: "Tenuto da parte",
  offeredIntro: "Se accetti, il negozio te lo tiene da parte",
} as const;

export const HOLD_REFUSALS = {
  invalidChoice: "Scegli per quanto tieni da parte l'articolo.",
  reasonRequired: "Scrivi il motivo: l'altra parte lo leggerà.",
  notYourDeal: "Solo il cliente e il negozio di questa trattativa possono annullare la prenotazione.",
  notHeld: "L'articolo non è tenuto da parte: la trattativa non è in corso.",
  alreadyReleased: "La prenotazione è già stata annullata.",
  alreadyVerified: "Il ritiro è già stato verificato: la prenotazione non si può più annullare.",
  releaseFailed: "Impossibile annullare la prenotazione. Riprova.",
} as const;

/** What markNoShow refuses with (pickup-record.ts); known-messages.ts knows them too. */
export const NO_SHOW_REFUSALS = {
  notYourDeal: "Solo il negozio di questa trattativa può segnarla come non ritirata.",
  notEnded: "La prenotazione non è ancora scaduta: potrai segnarla come non ritirata dopo.",
  notInProgress: "La trattativa non è in corso.",
  alreadyVerified: "Il ritiro è già stato verificato.",
  alreadyMarked: "Già segnato come non ritirato.",
  failed: "Impossibile segnare come non ritirato. Riprova.",
} as const;
