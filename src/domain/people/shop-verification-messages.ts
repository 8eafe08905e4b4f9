import { FIRST_PAINT_MESSAGES } from "../core/first-paint-messages.ts";
import { MAX_PREFERRED_CATEGORIES } from "../core/limits.ts";
import { confirmLinkSent, EMAIL_PROOF_STEP } from "./email-proof-messages.ts";

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
  platformName: "Questo nome non è disponibile: ricorda quello di Vicino o del suo staff. Scegline un altro.",
  partitaIvaTaken:
    "Questa Partita IVA è già registrata da un altro account negozio. Se è la tua, scrivici da quell'account o contatta l'assistenza.",
  submitted: "Dati inviati: il negozio è in attesa di verifica. Ti scriviamo appena lo abbiamo approvato.",
  pendingTitle: "In attesa di verifica",
  pendingBody:
    "Stiamo controllando i dati del tuo negozio. Ti mandiamo un'e-mail appena è approvato: da quel momento vedrai le richieste vicine e potrai fare offerte.",
  refusedTitle: "Verifica non approvata",
  refusedBody: "Non abbiamo potuto approvare il tuo negozio. Motivo:",
  refusedRetry: "Correggi i dati e inviali di nuovo.",
  identityFrozen:
    "Nome e indirizzo del negozio sono verificati: per cambiarli serve una nuova verifica, che riapre l'attesa di approvazione.",
  reviewNotFound: "Questa verifica non è più in attesa.",
  reviewFailed: "Non siamo riusciti a salvare la decisione. Riprova tra poco.",
  refusalReasonRequired: "Scrivi il motivo del rifiuto: lo mandiamo al negozio.",
  approved: "Negozio approvato: gli abbiamo scritto.",
  refused: "Negozio rifiutato: gli abbiamo scritto il motivo.",
} as const;

/** The admin's shop review queue (/admin/negozi): labels of what it shows side by side. */
export const SHOP_REVIEW_COPY = {
  title: FIRST_PAINT_MESSAGES.adminShops,
  empty: "Nessun negozio in attesa di verifica.",
  loading: "Caricamento dei negozi…",
  loadFailed: "Non siamo riusciti a caricare i negozi da verificare.",
  typed: "Dati inseriti dal negozio",
  vies: "Risposta VIES",
  simulated: "VIES simulato (emulatori): non è il registro reale",
  businessName: "Nome",
  address: "Indirizzo",
  partitaIva: "Partita IVA",
  email: "E-mail",
  submittedAt: "Inviato il",
  approve: "Approva",
  refuse: "Rifiuta",
  reasonLabel: "Motivo del rifiuto",
  reasonHint: "Lo riceverà il negozio per e-mail.",
  notShared: "non comunicato",
  checkingRole: "Verifica del ruolo…",
  retry: "Riprova",
  reportsLink: FIRST_PAINT_MESSAGES.adminReports,
} as const;

/** What VIES said about the Partita IVA, as the admin reads it. */
export const VIES_STATE_LABELS = {
  valid: "Partita IVA attiva in VIES",
  not_found:
    "Non trovata in VIES: molte piccole attività italiane non sono iscritte, controlla i dati con attenzione",
  unavailable: "VIES non raggiungibile: riproviamo a ogni apertura della coda",
} as const;

/** The e-mails that tell the shop the admin's decision. */
export const SHOP_DECISION_EMAIL = {
  approvedSubject: "Il tuo negozio è verificato",
  approvedBody:
    "Abbiamo verificato il tuo negozio: da ora vedi le richieste dei clienti vicini e puoi fare offerte.",
  refusedSubject: "Verifica del negozio non approvata",
  refusedBody: "Non abbiamo potuto approvare la verifica del tuo negozio. Il motivo:",
  refusedRetry: "Puoi correggere i dati e inviarli di nuovo dalla tua pagina negozio.",
} as const;

/** The verification panel an unverified shop sees on /merchant: labels and notes (its errors are above). */
export const SHOP_VERIFICATION_COPY = {
  title: "Verifica il tuo negozio",
  loading: "Caricamento della verifica del negozio…",
  intro:
    "Per vedere le richieste dei clienti e fare offerte ci servono due passi: un indirizzo e-mail confermato e i dati del negozio.",
  emailStep: "Conferma la tua e-mail",
  emailConfirmed: EMAIL_PROOF_STEP.confirmed,
  emailPending: EMAIL_PROOF_STEP.pending,
  sendLink: EMAIL_PROOF_STEP.sendLink,
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

/** After 'Mandami il link di conferma' (the same words wherever the proof step is offered). */
export const linkSentMessage = confirmLinkSent;
