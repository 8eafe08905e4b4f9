/**
 * The lead paragraph under a signed-in page's heading. It says what the page is for, and it is painted by
 * the page's static frame too (the route gate's `shell`), so the phone shows it before any data has
 * arrived (docs/lighthouse.md). No imports: the frames travel in the entry chunk.
 */
export const PAGE_LEADS = {
  customerDashboard:
    "Di cosa hai bisogno oggi? Chiedilo ad Algo: i negozi vicini ti rispondono con un'offerta, e qui segui le tue richieste.",
  customerRequests:
    "Ogni richiesta che hai pubblicato, con il suo stato e le offerte dei negozi vicini. Apri un'offerta per confrontarla, accettarla o rifiutarla.",
  messages:
    "Ogni conversazione nata da un'offerta: domande, risposte e accordi su prezzo e ritiro. Aprine una per scrivere.",
  merchantDashboard:
    "Le richieste dei clienti vicini al tuo negozio e le offerte che hai inviato, con il loro esito. Rispondi presto: il cliente sceglie tra le offerte che riceve.",
  browse:
    "Le richieste più recenti dei clienti intorno al tuo negozio, che arrivano fino a te. Aprine una per vedere i dettagli e fare la tua offerta: il cliente la riceve subito.",
} as const;

/** What the data pages' frames and placeholders say while they load (screen readers). */
export const PAGE_LOADING = {
  merchantArea: "Caricamento della tua area…",
  plan: "Caricamento del piano…",
  requests: "Caricamento delle richieste…",
  conversations: "Caricamento delle conversazioni…",
} as const;

/** /browse: where the feed looks from ("Entro 10 km da Via Tortona 12, Milano."). */
export const browseZoneLine = (radiusKm: number, place: string): string =>
  `Entro ${radiusKm} km da ${place}.`;
