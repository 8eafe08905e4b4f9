/**
 * The offline Algo's Italian wording, in one catalogue: the questions it asks, the notes it takes of
 * what the user said, and the turns around publishing. The dialogue's logic (what to ask, when to
 * propose publishing) stays in functions/src/algo/offline/dialogue.ts; the shared replies (out of
 * tokens, not understood) are in algo-messages.ts.
 */

import { budgetText } from "../products/budget-text.ts";
import { type Agreement, agree, objectPronoun } from "../products/product-agreement.ts";
import { displayProductName } from "../products/product-name.ts";

/** A sentence that agrees with the product ('ritirarla' for la bici), or one that needs not. */
export type AlgoWording = string | ((agreement: Agreement) => string);

export const wordingFor = (wording: AlgoWording, agreement: Agreement) =>
  typeof wording === "string" ? wording : wording(agreement);

const conditions = (agreement: Agreement) =>
  `${agree("nuovo", agreement)}, ${agree("usato", agreement)} o ${agree("ricondizionato", agreement)}`;

/** The topics Algo asks about, each with the question it asks. Shoes have a number, vehicles a model. */
export const ALGO_QUESTIONS = {
  product: "Che prodotto stai cercando? Descrivimelo pure in poche parole.",
  budget: "Quanto vorresti spendere, più o meno?",
  urgency: "Entro quando ti serve? Subito, in giornata, entro 48 ore o nei prossimi giorni?",
  delivery: (agreement: Agreement) =>
    `Preferisci ritirar${objectPronoun(agreement)} in negozio, ricever${objectPronoun(agreement)} a domicilio, o ti vanno bene entrambi?`,
  place: "Dove ti serve? Scrivimi il comune (e il quartiere, se vuoi) oppure tocca «Usa la mia posizione».",
  /** After 'vicino a me', 'sotto casa': only the phone knows where that is. */
  position:
    "Per cercare vicino a te mi serve la tua posizione: tocca «Usa la mia posizione» qui sotto, oppure scrivimi il comune.",
  size: "Che taglia ti serve?",
  shoeSize: "Che numero porti?",
  color: "Hai una preferenza per il colore?",
  material: "Hai una preferenza per il materiale?",
  condition: (agreement: Agreement) => {
    const pronoun = objectPronoun(agreement);
    return `${pronoun.charAt(0).toUpperCase()}${pronoun.slice(1)} preferisci ${conditions(agreement)}?`;
  },
  specifications: "Ci sono caratteristiche tecniche che contano per te (modello, memoria, dimensioni)?",
  vehicle: "Per quale veicolo ti serve? Dimmi marca, modello e anno.",
} as const satisfies Record<string, AlgoWording>;

/** The same topics as the tail of "…o preferisci prima dirmi ___?". */
export const ALGO_TOPIC_PHRASES = {
  product: "che prodotto cerchi",
  budget: "quanto vuoi spendere",
  urgency: "entro quando ti serve",
  delivery: "se preferisci il ritiro in negozio o la consegna",
  place: "dove ti serve",
  position: "dove ti serve",
  size: "la taglia",
  shoeSize: "il numero",
  color: "il colore che preferisci",
  material: "il materiale che preferisci",
  condition: (agreement: Agreement) => `se ${objectPronoun(agreement)} vuoi ${conditions(agreement)}`,
  specifications: "le caratteristiche tecniche",
  vehicle: "per quale veicolo ti serve",
} as const satisfies Record<keyof typeof ALGO_QUESTIONS, AlgoWording>;

/** A budget as Algo repeats it ("budget fino a 100 €", budget-text.ts); undefined when it has no bound. */
export function describeBudget(budget: { min?: number; max?: number } | undefined): string | undefined {
  const text = budgetText(budget);
  return text ? `budget ${text}` : undefined;
}

/** The notes Algo takes of a detail (the labels of urgency, delivery and condition are in enums.ts). */
export const ALGO_NOTES = {
  size: (size: string, footwear: boolean) => `${footwear ? "numero" : "taglia"} ${size}`,
  color: (color: string) => `colore ${color}`,
  material: (material: string) => `in ${material}`,
  place: (address: string) => `a ${address}`,
} as const;

/** The rest of Algo's turn: openings, the photo, publishing. */
export const ALGO_DIALOGUE = {
  /** Acknowledgements take these in turn, so that Algo does not repeat itself. */
  openers: ["Perfetto", "Bene", "D'accordo"],
  greeting: "Ciao! Sono Algo e ti aiuto a trovare quello che cerchi.",
  /** After a "no" to the proposal to publish. */
  moreDetails: "Va bene, aggiungiamo qualche dettaglio.",
  photoNotAnalysed:
    "Ho ricevuto la foto, grazie! Da qui non riesco ad analizzarla, ma la allego alla richiesta: i negozi la vedranno.",
  photoReceived: "Ho ricevuto anche la foto: la allego alla richiesta, così i negozi la vedono.",
  productUnderstood: (productName: string, notes: readonly string[]) =>
    notes.length > 0
      ? `Ottimo, ho capito che cerchi: ${productName} (${notes.join(", ")}).`
      : `Ottimo, ho capito che cerchi: ${productName}.`,
  noted: (opener: string, notes: readonly string[]) => `${opener}, ho segnato: ${notes.join(", ")}.`,
  /** "Pubblica" before Algo knows the product. */
  productFirst: (question: string) => `Prima di pubblicare mi serve sapere una cosa. ${question}`,
  proposePublishing: (topicPhrase: string) =>
    `Ho quasi tutto quello che serve. Vuoi che pubblichi subito la richiesta, o preferisci prima dirmi ${topicPhrase}?`,
  /**
   * Algo has what it needs: the page shows the summary card, and only its 'Pubblica' publishes. The
   * name in «» is the request's name, written as one ('Bicicletta da città'); in prose ('cerchi:
   * bicicletta da città') it stays as said.
   */
  review: (productName: string | undefined) =>
    `Perfetto! Ecco il riepilogo della tua richiesta${productName ? ` («${displayProductName(productName)}»)` : ""}: controlla i dati e tocca «Pubblica» quando sei pronto. Puoi anche modificarli.`,
} as const;
