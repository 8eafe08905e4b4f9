/**
 * The first-time buyer's dashboard: one clear call to action (ask Algo) and how Vicino works in three
 * steps, instead of statistics at zero.
 */
export const BUYER_WELCOME = {
  title: "Di cosa hai bisogno?",
  lead: "Descrivilo ad Algo con parole tue, anche con una foto: prepara la richiesta e i negozi vicini ti mandano le loro offerte.",
  cta: "Parla con Algo",
  steps: [
    { title: "Chiedi", text: "Dici cosa cerchi, il budget e dove ti serve." },
    { title: "Ricevi offerte", text: "I negozi della zona rispondono con prezzo e disponibilità." },
    {
      title: "Scegli e compra",
      text: "Parli con il negozio, accetti l'offerta migliore e passi a ritirare.",
    },
  ],
  free: "Per gli acquirenti Vicino è gratis.",
} as const;
