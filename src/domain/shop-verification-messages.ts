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
