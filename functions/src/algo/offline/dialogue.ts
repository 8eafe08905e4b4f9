import { z } from "zod";
import type { AlgoExtractedData } from "@/domain/algo";
import {
  CONDITION_LABELS,
  DELIVERY_PREFERENCE_LABELS,
  type RequestCategory,
  URGENCY_LABELS,
} from "@/domain/enums";
import { mergeExtractedData } from "@/domain/extracted-data";
import { ALGO_PUBLISH_THRESHOLD, DESCRIPTION_MAX_LENGTH } from "@/domain/limits";
import { ALGO_MESSAGES } from "@/domain/messages";
import { extractUtterance } from "./extract";
import { categoryOfProduct } from "./extract-category";
import { FOOTWEAR } from "./lexicon";
import { fold, formatEuro } from "./text";
import { type Extraction, TOPICS, type Topic } from "./topics";

/**
 * The offline Algo: a deterministic Italian dialogue over `extractUtterance`. It asks one question at
 * a time (product → budget → urgency → delivery → the details that matter for the category), proposes
 * publishing once about 70 % of those topics are answered, and completes when the user confirms or
 * when every topic is answered. A topic asked twice without an answer, or answered with "indifferente",
 * counts as answered (Algo never nags). Pure: the caller stores `state` with the conversation.
 */

export const offlineStateSchema = z.object({
  /** Times each topic has been asked. */
  asked: z.record(z.string(), z.number().int().min(0)).default({}),
  /** Topics the user does not mind about. */
  skipped: z.array(z.enum(TOPICS)).default([]),
  /** The question of the last reply. */
  pending: z.enum(TOPICS).optional(),
  /** The last reply proposed publishing (a "sì" now publishes, a "no" asks for more details). */
  proposed: z.boolean().default(false),
  /** Messages in a row that said nothing Algo understood. */
  misses: z.number().int().min(0).default(0),
});
export type OfflineState = z.infer<typeof offlineStateSchema>;

export const INITIAL_OFFLINE_STATE: OfflineState = { asked: {}, skipped: [], proposed: false, misses: 0 };

/** What the reply asks: a topic, publishing ("confirm"), a repetition, or nothing (published). */
export type AlgoAsk = Topic | "confirm" | "repeat" | "done";

export interface OfflineTurnInput {
  /** Fields collected so far. */
  fields: AlgoExtractedData;
  state?: OfflineState;
  text: string;
  hasImage?: boolean;
}

export interface OfflineTurnResult {
  message: string;
  /** Every field collected so far, this message's included. */
  extractedData: AlgoExtractedData;
  isComplete: boolean;
  /** Set when complete: the fields to publish (the caller applies the publishing defaults). */
  finalRequest?: AlgoExtractedData;
  state: OfflineState;
  asks: AlgoAsk;
  /** The message said something Algo understood (a field, a choice, a confirmation). */
  understood: boolean;
}

const BASE_TOPICS: readonly Topic[] = ["product", "budget", "urgency", "delivery"];

/** The details worth asking per category, after the four basic topics. */
export const CATEGORY_TOPICS: Readonly<Record<RequestCategory, readonly Topic[]>> = {
  abbigliamento: ["size", "color"],
  elettronica: ["condition", "specifications"],
  casa: ["condition", "material"],
  sport: ["condition"],
  automotive: ["specifications", "condition"],
  "strumenti musicali": ["condition"],
  generale: ["condition"],
};

export function topicsFor(category: string | undefined): readonly Topic[] {
  const extra = CATEGORY_TOPICS[(category ?? "generale") as RequestCategory] ?? CATEGORY_TOPICS.generale;
  return [...BASE_TOPICS, ...extra];
}

function known(topic: Topic, fields: AlgoExtractedData): boolean {
  const details = fields.productDetails ?? {};
  switch (topic) {
    case "product":
      return Boolean(fields.productName);
    case "budget":
      return fields.budget?.min !== undefined || fields.budget?.max !== undefined;
    case "urgency":
      return Boolean(fields.urgency);
    case "delivery":
      return Boolean(fields.deliveryPreference);
    default:
      return Boolean(details[topic]);
  }
}

function answered(topic: Topic, fields: AlgoExtractedData, state: OfflineState): boolean {
  return known(topic, fields) || state.skipped.includes(topic) || (state.asked[topic] ?? 0) >= 2;
}

// ---------------------------------------------------------------------------------------------
// Wording
// ---------------------------------------------------------------------------------------------

function isFootwear(fields: AlgoExtractedData): boolean {
  return FOOTWEAR.test(fold(fields.productName ?? ""));
}

function question(topic: Topic, fields: AlgoExtractedData): string {
  switch (topic) {
    case "product":
      return "Che prodotto stai cercando? Descrivimelo pure in poche parole.";
    case "budget":
      return "Quanto vorresti spendere, più o meno?";
    case "urgency":
      return "Entro quando ti serve? Subito, in giornata, entro 48 ore o nei prossimi giorni?";
    case "delivery":
      return "Preferisci ritirarlo in negozio, riceverlo a domicilio, o ti vanno bene entrambi?";
    case "size":
      return isFootwear(fields) ? "Che numero porti?" : "Che taglia ti serve?";
    case "color":
      return "Hai una preferenza per il colore?";
    case "material":
      return "Hai una preferenza per il materiale?";
    case "condition":
      return "Lo preferisci nuovo, usato o ricondizionato?";
    case "specifications":
      return fields.category === "automotive"
        ? "Per quale veicolo ti serve? Dimmi marca, modello e anno."
        : "Ci sono caratteristiche tecniche che contano per te (modello, memoria, dimensioni)?";
  }
}

/** The topic as the tail of "…o preferisci prima dirmi ___?". */
function topicPhrase(topic: Topic, fields: AlgoExtractedData): string {
  switch (topic) {
    case "product":
      return "che prodotto cerchi";
    case "budget":
      return "quanto vuoi spendere";
    case "urgency":
      return "entro quando ti serve";
    case "delivery":
      return "se preferisci il ritiro in negozio o la consegna";
    case "size":
      return isFootwear(fields) ? "il numero" : "la taglia";
    case "color":
      return "il colore che preferisci";
    case "material":
      return "il materiale che preferisci";
    case "condition":
      return "se lo vuoi nuovo, usato o ricondizionato";
    case "specifications":
      return fields.category === "automotive" ? "per quale veicolo ti serve" : "le caratteristiche tecniche";
  }
}

export function describeBudget(budget: AlgoExtractedData["budget"]): string | undefined {
  const min = budget?.min;
  const max = budget?.max;
  if (max !== undefined && (min === undefined || min === 0)) return `budget fino a ${formatEuro(max)} €`;
  if (min !== undefined && max !== undefined) return `budget tra ${formatEuro(min)} e ${formatEuro(max)} €`;
  if (min !== undefined) return `budget da ${formatEuro(min)} € in su`;
  return undefined;
}

/** Short Italian notes of what this message added ("budget fino a 100 €", "entro 48 ore"). */
function notes(extraction: Extraction, fields: AlgoExtractedData): string[] {
  const out: string[] = [];
  if (extraction.budget) {
    const text = describeBudget(fields.budget);
    if (text) out.push(text);
  }
  if (extraction.urgency) out.push(URGENCY_LABELS[extraction.urgency].toLowerCase());
  if (extraction.deliveryPreference)
    out.push(DELIVERY_PREFERENCE_LABELS[extraction.deliveryPreference].toLowerCase());
  if (extraction.size) out.push(`${isFootwear(fields) ? "numero" : "taglia"} ${extraction.size}`);
  if (extraction.color) out.push(`colore ${extraction.color}`);
  if (extraction.material) out.push(`in ${extraction.material}`);
  if (extraction.condition) out.push(CONDITION_LABELS[extraction.condition].toLowerCase());
  if (extraction.specifications.length > 0) out.push(extraction.specifications.join(", "));
  return out;
}

const OPENERS = ["Perfetto", "Bene", "D'accordo"] as const;

function acknowledgement(
  extraction: Extraction,
  fields: AlgoExtractedData,
  newProduct: boolean,
  turn: number,
): string {
  const added = notes(extraction, fields);
  if (newProduct) {
    const head = `Ottimo, ho capito che cerchi: ${fields.productName}`;
    return added.length > 0 ? `${head} (${added.join(", ")}).` : `${head}.`;
  }
  return added.length > 0 ? `${OPENERS[turn % OPENERS.length]}, ho segnato: ${added.join(", ")}.` : "";
}

function join(...parts: string[]): string {
  return parts.filter((part) => part.length > 0).join(" ");
}

// ---------------------------------------------------------------------------------------------
// The turn
// ---------------------------------------------------------------------------------------------

function fieldsOf(extraction: Extraction, previous: AlgoExtractedData, text: string): AlgoExtractedData {
  const details = {
    ...(extraction.size ? { size: extraction.size } : {}),
    ...(extraction.color ? { color: extraction.color } : {}),
    ...(extraction.material ? { material: extraction.material } : {}),
    ...(extraction.condition ? { condition: extraction.condition } : {}),
  };
  const specs = [
    ...(previous.productDetails?.specifications?.split(", ").filter(Boolean) ?? []),
    ...extraction.specifications,
  ];
  if (extraction.specifications.length > 0)
    Object.assign(details, { specifications: [...new Set(specs)].join(", ") });
  const next: AlgoExtractedData = {
    ...(extraction.budget ? { budget: extraction.budget } : {}),
    ...(extraction.urgency ? { urgency: extraction.urgency } : {}),
    ...(extraction.deliveryPreference ? { deliveryPreference: extraction.deliveryPreference } : {}),
    ...(Object.keys(details).length > 0 ? { productDetails: details } : {}),
  };
  if (extraction.productName && extraction.productName !== previous.productName) {
    next.productName = extraction.productName;
    next.category = extraction.category ?? categoryOfProduct(extraction.productName) ?? "generale";
    next.description = Array.from(text.trim()).slice(0, DESCRIPTION_MAX_LENGTH).join("");
  } else if (!previous.category && extraction.category && previous.productName) {
    next.category = extraction.category;
  }
  return mergeExtractedData(previous, next);
}

function understoodAnything(extraction: Extraction): boolean {
  return (
    Boolean(
      extraction.productName ||
        extraction.budget ||
        extraction.urgency ||
        extraction.deliveryPreference ||
        extraction.size ||
        extraction.color ||
        extraction.material ||
        extraction.condition,
    ) ||
    extraction.specifications.length > 0 ||
    extraction.indifferent.length > 0
  );
}

function completion(fields: AlgoExtractedData, state: OfflineState): OfflineTurnResult {
  return {
    message: `Perfetto! Pubblico la tua richiesta («${fields.productName}»): i negozi vicini ti invieranno le loro offerte.`,
    extractedData: fields,
    isComplete: true,
    finalRequest: fields,
    state: { ...state, pending: undefined, proposed: false },
    asks: "done",
    understood: true,
  };
}

/** One turn of the offline Algo. */
export function offlineAlgoTurn(input: OfflineTurnInput): OfflineTurnResult {
  const previous = input.fields;
  const state: OfflineState = { ...INITIAL_OFFLINE_STATE, ...input.state };
  const text = input.text.trim();

  if (!text && !input.hasImage) {
    return {
      message: ALGO_MESSAGES.notUnderstood,
      extractedData: previous,
      isComplete: false,
      state: { ...state, misses: state.misses + 1 },
      asks: "repeat",
      understood: false,
    };
  }

  const extraction = extractUtterance(text, {
    pending: state.pending,
    hasProduct: Boolean(previous.productName),
  });
  const fields = fieldsOf(extraction, previous, text);
  // "No" to "Hai una preferenza per il colore?" means no preference.
  const declined =
    extraction.deny && !state.proposed && state.pending !== undefined && state.pending !== "product"
      ? [state.pending]
      : [];
  const skipped = [...new Set([...state.skipped, ...extraction.indifferent, ...declined])];
  const understood = understoodAnything(extraction) || declined.length > 0;
  let next: OfflineState = { ...state, skipped, misses: understood ? 0 : state.misses };

  const topics = topicsFor(fields.category);
  const missing = topics.filter((topic) => !answered(topic, fields, next));
  const hasProduct = Boolean(fields.productName);
  const newProduct = Boolean(extraction.productName && extraction.productName !== previous.productName);

  if (hasProduct && (extraction.publish || (extraction.confirm && state.proposed)))
    return completion(fields, next);
  if (hasProduct && missing.length === 0) return completion(fields, next);

  const photoNote =
    input.hasImage && !understood
      ? "Ho ricevuto la foto, grazie! Da qui però non riesco ad analizzarla."
      : input.hasImage
        ? "Ho ricevuto anche la foto."
        : "";

  if (!understood && !extraction.deny && !extraction.greetingOnly && !input.hasImage) {
    const misses = state.misses + 1;
    // Second miss in a row on the same question: let it go and move on.
    if (misses < 2 || !state.pending || state.pending === "product") {
      return {
        message:
          extraction.publish && !hasProduct
            ? `Prima di pubblicare mi serve sapere una cosa. ${question("product", fields)}`
            : ALGO_MESSAGES.notUnderstood,
        extractedData: previous,
        isComplete: false,
        state: { ...next, misses },
        asks: "repeat",
        understood: false,
      };
    }
    next = { ...next, skipped: [...new Set([...skipped, state.pending])], misses: 0 };
  }

  const remaining = topics.filter((topic) => !answered(topic, fields, next));
  if (hasProduct && remaining.length === 0) return completion(fields, next);
  const topic = remaining[0] ?? "product";
  // "About 70 %" of the information: at least round(0.7 × topics) answered (4 of 5 or 6), and never
  // before the four basics (product, budget, urgency, delivery), which shops need most.
  const needed = Math.round(ALGO_PUBLISH_THRESHOLD * topics.length);
  const basicsAnswered = BASE_TOPICS.every((base) => !remaining.includes(base));
  const propose =
    hasProduct &&
    basicsAnswered &&
    topics.length - remaining.length >= needed &&
    !(extraction.deny && state.proposed);
  const asked = { ...next.asked, [topic]: (next.asked[topic] ?? 0) + 1 };

  const turn = Object.values(state.asked).reduce((sum, times) => sum + times, 0);
  let opening = acknowledgement(extraction, fields, newProduct, turn);
  if (extraction.greetingOnly && !hasProduct)
    opening = "Ciao! Sono Algo e ti aiuto a trovare quello che cerchi.";
  if (extraction.deny && state.proposed) opening = "Va bene, aggiungiamo qualche dettaglio.";

  if (propose) {
    return {
      message: join(
        photoNote,
        opening,
        `Ho quasi tutto quello che serve. Vuoi che pubblichi subito la richiesta, o preferisci prima dirmi ${topicPhrase(topic, fields)}?`,
      ),
      extractedData: fields,
      isComplete: false,
      state: { ...next, asked, pending: topic, proposed: true },
      asks: "confirm",
      understood: true,
    };
  }
  return {
    message: join(photoNote, opening, question(topic, fields)),
    extractedData: fields,
    isComplete: false,
    state: { ...next, asked, pending: topic, proposed: false },
    asks: topic,
    understood: understood || extraction.greetingOnly || extraction.deny || Boolean(input.hasImage),
  };
}
