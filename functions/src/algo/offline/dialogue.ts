import type { AlgoExtractedData } from "@/domain/algo/algo";
import { ALGO_DIALOGUE, ALGO_NOTES, ALGO_QUESTIONS } from "@/domain/algo/algo-dialogue";
import { ALGO_MESSAGES } from "@/domain/algo/algo-messages";
import { mergeExtractedData } from "@/domain/algo/extracted-data";
import { ALGO_PUBLISH_THRESHOLD, DESCRIPTION_MAX_LENGTH } from "@/domain/core/limits";
import type { PlaceMention } from "@/domain/geo/place-mention";
import {
  answered,
  BASE_TOPICS,
  hasPlace,
  INITIAL_OFFLINE_STATE,
  type OfflineState,
  topicsFor,
} from "./dialogue-state";
import { acknowledgement, join, question, topicPhrase } from "./dialogue-wording";
import { extractUtterance } from "./extract";
import { categoryOfProduct } from "./extract-category";
import type { Extraction, Topic } from "./topics";

/**
 * The offline Algo: a deterministic Italian dialogue over `extractUtterance`. It asks one question at
 * a time (product → place → budget → urgency → delivery → the details that matter for the category),
 * proposes publishing once about 70 % of those topics are answered and the place is known, and
 * completes when the user confirms or when every topic is answered. Complete means ready for the
 * buyer's review: the page shows the summary card and only its 'Pubblica' publishes (publish.ts). The
 * place is never skipped: without one Algo keeps asking ('vicino a me' → use the phone's position). A topic asked twice without an answer, or answered with "indifferente",
 * counts as answered (Algo never nags). Pure: the caller stores `state` with the conversation.
 */

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
  /** The place this message named ('a Roma, zona Trastevere'), or 'near me'. */
  place?: PlaceMention;
  /** Algo asked for the phone's position ('vicino a me' without a place known). */
  asksPosition?: boolean;
  /** The message said something Algo understood (a field, a choice, a confirmation). */
  understood: boolean;
}

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
    ...(extraction.place?.kind === "place"
      ? {
          location: {
            address: extraction.place.address,
            lat: extraction.place.lat,
            lng: extraction.place.lng,
          },
        }
      : {}),
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
        extraction.condition ||
        extraction.place,
    ) ||
    extraction.specifications.length > 0 ||
    extraction.indifferent.length > 0
  );
}

function completion(fields: AlgoExtractedData, state: OfflineState, prefix = ""): OfflineTurnResult {
  return {
    message: join(prefix, ALGO_DIALOGUE.review(fields.productName)),
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
    extraction.deny &&
    !state.proposed &&
    state.pending !== undefined &&
    state.pending !== "product" &&
    state.pending !== "place"
      ? [state.pending]
      : [];
  const skipped = [...new Set([...state.skipped, ...extraction.indifferent, ...declined])];
  const understood = understoodAnything(extraction) || declined.length > 0;
  let next: OfflineState = { ...state, skipped, misses: understood ? 0 : state.misses };

  const topics = topicsFor(fields.category);
  const missing = topics.filter((topic) => !answered(topic, fields, next));
  const hasProduct = Boolean(fields.productName);
  const newProduct = Boolean(extraction.productName && extraction.productName !== previous.productName);

  const placeKnown = hasPlace(fields);
  const wantsPosition = extraction.place?.kind === "near_me" && !placeKnown;
  const newPlace =
    extraction.place?.kind === "place"
      ? ALGO_DIALOGUE.noted("Bene", [ALGO_NOTES.place(extraction.place.address)])
      : "";
  const confirmed = extraction.publish || (extraction.confirm && state.proposed);
  if (hasProduct && placeKnown && (confirmed || missing.length === 0))
    return completion(fields, next, newProduct ? "" : newPlace);

  const photoNote =
    input.hasImage && !understood
      ? ALGO_DIALOGUE.photoNotAnalysed
      : input.hasImage
        ? ALGO_DIALOGUE.photoReceived
        : "";

  if (
    !understood &&
    !extraction.deny &&
    !extraction.greetingOnly &&
    !input.hasImage &&
    !(confirmed && hasProduct)
  ) {
    const misses = state.misses + 1;
    // Second miss in a row on the same question: let it go and move on.
    if (misses < 2 || !state.pending || state.pending === "product") {
      return {
        message:
          extraction.publish && !hasProduct
            ? ALGO_DIALOGUE.productFirst(question("product", fields))
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
  // 'Vicino a me', or 'pubblica' without a place: the place is the one question now.
  const topic =
    hasProduct && !placeKnown && (wantsPosition || confirmed) ? "place" : (remaining[0] ?? "product");
  // "About 70 %" of the information: at least round(0.7 × topics) answered (4 of 5 or 6), and never
  // before the four basics (product, budget, urgency, delivery), which shops need most.
  const needed = Math.round(ALGO_PUBLISH_THRESHOLD * topics.length);
  const basicsAnswered = BASE_TOPICS.every((base) => !remaining.includes(base));
  const propose =
    hasProduct &&
    placeKnown &&
    basicsAnswered &&
    topics.length - remaining.length >= needed &&
    !(extraction.deny && state.proposed);
  const asked = { ...next.asked, [topic]: (next.asked[topic] ?? 0) + 1 };

  const turn = Object.values(state.asked).reduce((sum, times) => sum + times, 0);
  let opening = acknowledgement(extraction, fields, newProduct, turn);
  if (extraction.greetingOnly && !hasProduct) opening = ALGO_DIALOGUE.greeting;
  if (extraction.deny && state.proposed) opening = ALGO_DIALOGUE.moreDetails;

  if (propose) {
    return {
      message: join(photoNote, opening, ALGO_DIALOGUE.proposePublishing(topicPhrase(topic, fields))),
      extractedData: fields,
      isComplete: false,
      state: { ...next, asked, pending: topic, proposed: true },
      asks: "confirm",
      understood: true,
    };
  }
  const asked_ = wantsPosition && topic === "place" ? ALGO_QUESTIONS.position : question(topic, fields);
  return {
    message: join(photoNote, opening, asked_),
    extractedData: fields,
    isComplete: false,
    state: { ...next, asked, pending: topic, proposed: false },
    asks: topic,
    ...(extraction.place ? { place: extraction.place } : {}),
    ...(wantsPosition && topic === "place" ? { asksPosition: true } : {}),
    understood: understood || extraction.greetingOnly || extraction.deny || Boolean(input.hasImage),
  };
}
