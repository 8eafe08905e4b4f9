import { PRODUCT_NAME } from "../core/product.ts";
import type { LegalPageKey } from "./legal.ts";

/**
 * 'Regole e trasparenza': one page that lists every page the law asks for, with one line on
 * what each says. The titles come from LEGAL_DOCUMENTS and TRANSPARENCY_DOCUMENTS; the feature adds the paths.
 */
export const RULES_HUB = {
  intro: `Le regole di ${PRODUCT_NAME} e come funziona davvero, in un solo posto: come trattiamo i tuoi dati, che cosa accetti usando il servizio, come verifichiamo le recensioni, in che ordine mostriamo richieste e offerte e quanto è accessibile l'app.`,
  entries: [
    {
      key: "reviews",
      summary:
        "Chi può valutare un negozio, che cosa vuol dire «Acquisto verificato» e quali valutazioni contano nella media.",
    },
    {
      key: "ranking",
      summary:
        "Che cosa decide l'ordine delle richieste che vede un negozio e delle offerte che vede chi compra.",
    },
    {
      key: "accessibility",
      summary: "A che punto siamo con l'accessibilità, i limiti noti e come segnalare una barriera.",
    },
    {
      key: "privacy",
      summary: "Quali dati trattiamo, perché, per quanto tempo e come esercitare i tuoi diritti.",
    },
    { key: "terms", summary: "Le regole per chi compra e per i negozi, compreso il piano per i negozi." },
    {
      key: "cookies",
      summary: "Che cosa l'app salva sul tuo dispositivo e perché non c'è un banner dei cookie.",
    },
  ] satisfies ReadonlyArray<{ key: Exclude<LegalPageKey, "rules">; summary: string }>,
} as const;
