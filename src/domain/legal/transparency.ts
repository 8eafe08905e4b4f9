import { LEGAL_LINK_LABELS } from "./legal.ts";

/**
 * The transparency pages the law asks for (Omnibus, P2B, EAA) and their hub 'Regole e trasparenza':
 * title, version and date, like LEGAL_DOCUMENTS. Apart from legal.ts so that the marketing pages'
 * first chunk (the footer reads legal.ts) does not carry them; only the lazy pages and links read this.
 */
export const TRANSPARENCY_DOCUMENTS = {
  reviews: { version: "2026-12-08", date: "8 dicembre 2026", title: LEGAL_LINK_LABELS.reviews },
  ranking: { version: "2026-12-07", date: "7 dicembre 2026", title: LEGAL_LINK_LABELS.ranking },
  accessibility: { version: "2026-12-08", date: "8 dicembre 2026", title: "Dichiarazione di accessibilità" },
  rules: { version: "2026-12-08", date: "8 dicembre 2026", title: LEGAL_LINK_LABELS.rules },
} as const;
export type TransparencyDocumentKey = keyof typeof TRANSPARENCY_DOCUMENTS;
