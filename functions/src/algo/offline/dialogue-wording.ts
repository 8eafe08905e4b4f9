import type { AlgoExtractedData } from "@/domain/algo/algo";
import {
  ALGO_DIALOGUE,
  ALGO_NOTES,
  ALGO_QUESTIONS,
  ALGO_TOPIC_PHRASES,
  describeBudget,
  wordingFor,
} from "@/domain/algo/algo-dialogue";
import { CONDITION_LABELS, DELIVERY_PREFERENCE_LABELS, URGENCY_LABELS } from "@/domain/core/enums";
import { agree, productAgreement } from "@/domain/products/product-agreement";
import { FOOTWEAR } from "./lexicon";
import { fold } from "./text";
import type { Extraction, Topic } from "./topics";

/** Which of the catalogue's sentences (src/domain/algo/algo-dialogue.ts) a turn says, and how they join. */

function isFootwear(fields: AlgoExtractedData): boolean {
  return FOOTWEAR.test(fold(fields.productName ?? ""));
}

/** The catalogue's entry for a topic: shoes have a number, a vehicle's specifications are the vehicle. */
function wordingOf(topic: Topic, fields: AlgoExtractedData): keyof typeof ALGO_QUESTIONS {
  if (topic === "size" && isFootwear(fields)) return "shoeSize";
  if (topic === "specifications" && fields.category === "automotive") return "vehicle";
  return topic;
}

export function question(topic: Topic, fields: AlgoExtractedData): string {
  return wordingFor(ALGO_QUESTIONS[wordingOf(topic, fields)], productAgreement(fields.productName));
}

/** The topic as the tail of "…o preferisci prima dirmi ___?". */
export function topicPhrase(topic: Topic, fields: AlgoExtractedData): string {
  return wordingFor(ALGO_TOPIC_PHRASES[wordingOf(topic, fields)], productAgreement(fields.productName));
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
  if (extraction.size) out.push(ALGO_NOTES.size(extraction.size, isFootwear(fields)));
  if (extraction.color) out.push(ALGO_NOTES.color(extraction.color));
  if (extraction.material) out.push(ALGO_NOTES.material(extraction.material));
  if (extraction.condition)
    out.push(
      agree(CONDITION_LABELS[extraction.condition].toLowerCase(), productAgreement(fields.productName)),
    );
  if (extraction.specifications.length > 0) out.push(extraction.specifications.join(", "));
  if (extraction.place?.kind === "place") out.push(ALGO_NOTES.place(extraction.place.address));
  return out;
}

export function acknowledgement(
  extraction: Extraction,
  fields: AlgoExtractedData,
  newProduct: boolean,
  turn: number,
): string {
  const added = notes(extraction, fields);
  if (newProduct) return ALGO_DIALOGUE.productUnderstood(fields.productName ?? "", added);
  const { openers } = ALGO_DIALOGUE;
  return added.length > 0 ? ALGO_DIALOGUE.noted(openers[turn % openers.length] ?? "", added) : "";
}

export function join(...parts: string[]): string {
  return parts.filter((part) => part.length > 0).join(" ");
}
