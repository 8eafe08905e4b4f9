import { PRODUCT_NAME } from "../core/product.ts";
import type { TransparencyDocumentKey } from "./transparency.ts";

/**
 * The legal texts' metadata: each text has a version and the date it applies from. Changing a text
 * that users accept (terms) or acknowledge (privacy) means a new version here; the sign-up records the
 * versions it showed (users/{uid}.consent), so we can always tell which text someone agreed to.
 */
export const LEGAL_DOCUMENTS = {
  privacy: { version: "2026-11-28", date: "28 novembre 2026", title: "Informativa sulla privacy" },
  terms: { version: "2026-11-25", date: "25 novembre 2026", title: "Termini d'uso" },
  cookies: { version: "2026-11-27", date: "27 novembre 2026", title: "Cookie e memoria del dispositivo" },
} as const;
export type LegalDocumentKey = keyof typeof LEGAL_DOCUMENTS;
/** A legal page or a transparency page (transparency.ts): what a LegalText can be. */
export type LegalPageKey = LegalDocumentKey | TransparencyDocumentKey;

/**
 * Who runs Vicino and answers for the data (the controller). One place: the texts, the e-mails and the
 * README read it. The operator of a deployment must set the legal entity's data here before launch.
 * No zod in this file: the session hint brings it into the marketing pages' first chunk (the footer, loaded
 * after the page, reads it too).
 */
export const LEGAL_CONTROLLER = {
  name: `il gestore del servizio ${PRODUCT_NAME}`,
  email: "privacy@vicino.it",
  supportEmail: "aiuto@vicino.it",
} as const;

/** Closed requests (completed or cancelled) and their chats are deleted this long after closing. */
export const RETENTION_MONTHS = 24;

/**
 * Receipts and invoices are fiscal records: Italian law keeps them for ten years (art. 2220 c.c.,
 * art. 22 DPR 600/1973), account deletion or not.
 */
export const FISCAL_RETENTION_YEARS = 10;

/** Until when a payment made at `paidAt` is kept. */
export function fiscalRetainUntil(paidAt: Date): Date {
  const until = new Date(paidAt.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + FISCAL_RETENTION_YEARS);
  return until;
}

/** `now` minus RETENTION_MONTHS calendar months: what closed before it is due for deletion. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION_MONTHS);
  return cutoff;
}

/** One section of a legal page: a heading, paragraphs and an optional bullet list after them. */
export type LegalSection = {
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
};

/** A whole legal page: its metadata key, an introduction and the sections. */
export type LegalText = {
  key: LegalPageKey;
  intro: string;
  sections: readonly LegalSection[];
};

/** The sign-up form's consent line and its error. */
export const CONSENT_COPY = {
  checkboxBefore: "Accetto i ",
  termsLink: "Termini d'uso",
  checkboxMiddle: " e dichiaro di aver letto l'",
  privacyLink: "Informativa sulla privacy",
  required:
    "Per registrarti devi accettare i Termini d'uso e prendere visione dell'Informativa sulla privacy",
  alternativesBefore: "Continuando con Google o con il link magico accetti i ",
  alternativesMiddle: " e dichiari di aver letto l'",
} as const;

/** Footer and e-mail links to the legal pages. */
export const LEGAL_LINK_LABELS = {
  nav: "Note legali",
  privacy: "Privacy",
  terms: "Termini d'uso",
  cookies: "Cookie",
  /** The footer's link to 'Regole e trasparenza', and the links beside ratings, the feed and the offers. */
  rules: "Regole e trasparenza",
  reviews: "Come verifichiamo le recensioni",
  ranking: "Come ordiniamo le richieste",
  emailFooter: "Informativa sulla privacy",
} as const;

/** Local storage keys the app writes (the cookie page lists them). */
export { DEVICE_STORAGE_KEYS } from "../core/device-storage.ts";
