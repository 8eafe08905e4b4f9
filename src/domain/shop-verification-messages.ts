import { MAX_PREFERRED_CATEGORIES } from "./limits.ts";

/** The shop verification's Italian texts, apart from its schemas so the catalogue (messages.ts) stays free of zod. */
export const SHOP_VERIFICATION_MESSAGES = {
  businessNameRequired: "Inserisci il nome del negozio",
  partitaIvaInvalid: "Partita IVA non valida: servono 11 cifre con la cifra di controllo corretta",
  addressRequired: "Inserisci l'indirizzo del negozio",
  positionRequired: "Scegli l'indirizzo del negozio dall'elenco, così sappiamo dove si trova",
  categoriesRequired: "Scegli almeno una categoria che vendi",
  tooManyCategories: `Puoi scegliere al massimo ${MAX_PREFERRED_CATEGORIES} categorie`,
  emailNotVerified:
    "Conferma prima il tuo indirizzo e-mail: apri il link che ti abbiamo mandato, poi torna qui.",
  merchantsOnly: "Solo un account negozio può essere verificato.",
  notVerified: "Completa la verifica del negozio per vedere le richieste e fare offerte.",
  verified: "Negozio verificato! Ora puoi vedere le richieste vicine e fare offerte.",
} as const;

/** The verification panel an unverified shop sees on /merchant: labels and notes (its errors are above). */
export const SHOP_VERIFICATION_COPY = {
  title: "Verifica il tuo negozio",
  intro:
    "Per vedere le richieste dei clienti e fare offerte ci servono due passi: un indirizzo e-mail confermato e i dati del negozio.",
  emailStep: "Conferma la tua e-mail",
  emailConfirmed: "E-mail confermata",
  emailPending: "Non hai ancora confermato il tuo indirizzo e-mail.",
  sendLink: "Mandami il link di conferma",
  shopStep: "I dati del negozio",
  businessName: "Nome del negozio",
  partitaIva: "Partita IVA",
  partitaIvaHint: "11 cifre",
  address: "Indirizzo del negozio",
  addressHint: "Scrivi il comune (anche con la via) e sceglilo dall'elenco, oppure usa la tua posizione.",
  useMyPosition: "Usa la mia posizione",
  currentPosition: "Posizione attuale",
  positionFound: "Posizione rilevata.",
  positionFailed: "Impossibile rilevare la posizione: controlla i permessi del browser.",
  categories: "Categorie che vendi",
  categoriesHint: `Scegline da 1 a ${MAX_PREFERRED_CATEGORIES}.`,
  submit: "Verifica il negozio",
} as const;

/** After 'Mandami il link di conferma'. */
export const linkSentMessage = (email: string) =>
  `Ti abbiamo mandato un link a ${email}: aprilo per confermare.`;
