/** 'Un'offerta per tutti' (group-offer.ts): its limits and its Italian texts, the server's refusals included. */

/** The most requests one group offer answers: a group is a feed page's worth at most. */
export const GROUP_OFFER_MAX_REQUESTS = 10;
/** A group is at least two requests: one is an ordinary card. */
export const GROUP_OFFER_MIN_REQUESTS = 2;

export const GROUP_OFFER_MESSAGES = {
  title: (count: number, productName: string) => `${count} persone cercano ${productName}`,
  action: "Un'offerta per tutti",
  formRegion: "Offerta per tutto il gruppo",
  submit: (count: number) => `Invia ${count} offerte`,
  cancel: "Annulla",
  close: "Chiudi",
  priceLabel: "Prezzo (€) per ciascuno",
  descriptionLabel: "Descrizione dell'offerta",
  deliveryLegend: "Modalità di consegna",
  requestsLabel: "Le richieste del gruppo",
  requestLine: (zone: string, distance: string, budget: string) =>
    `${zone} · ${distance} da te · budget ${budget}`,
  answerOne: "Rispondi solo a questa",
  explainer: "Ogni persona riceve la sua offerta e la sua conversazione: nessuno vede gli altri acquirenti.",
  resultsRegion: "Esito delle offerte",
  sent: "Offerta inviata",
  sentCount: (sent: number, total: number) => `Offerte inviate: ${sent} su ${total}`,
  outsideRadius: "La richiesta è fuori dalla zona del tuo negozio",
  tooFewRequests: "Scegli almeno due richieste per un'offerta di gruppo",
  tooManyRequests: `Un'offerta di gruppo risponde al massimo a ${GROUP_OFFER_MAX_REQUESTS} richieste`,
  notSent: "Offerta non inviata: riprova più tardi",
  unavailable: "Non è stato possibile inviare le offerte. Riprova tra poco.",
} as const;
