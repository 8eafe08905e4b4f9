import type { Condition, DeliveryPreference, RequestCategory, Urgency } from "@/domain/core/enums";
import type { PlaceMention } from "@/domain/geo/place-mention";

/** What Algo can ask about, in the order it asks. */
export const TOPICS = [
  "product",
  "place",
  "budget",
  "urgency",
  "delivery",
  "size",
  "color",
  "material",
  "condition",
  "specifications",
] as const;
export type Topic = (typeof TOPICS)[number];

export interface Extraction {
  productName?: string;
  /** The category the words point to (the product's words weigh most); undefined when none do. */
  category?: RequestCategory;
  budget?: { min?: number; max?: number };
  urgency?: Urgency;
  deliveryPreference?: DeliveryPreference;
  size?: string;
  color?: string;
  material?: string;
  condition?: Condition;
  specifications: string[];
  /** Where: a comune (and neighbourhood) from the gazetteer, or 'near me'. */
  place?: PlaceMention;
  /** Topics the user said they do not mind about ("indifferente", "nuovo o usato"). */
  indifferent: Topic[];
  /** "sì", "ok", "va bene", "perfetto"… at the start of the message. */
  confirm: boolean;
  /** "no", "aspetta", "non ancora"… at the start of the message. */
  deny: boolean;
  /** "pubblica", "pubblicala", "puoi pubblicare". */
  publish: boolean;
  /** Only a greeting ("ciao", "buongiorno"). */
  greetingOnly: boolean;
}

/** What the extractor knows of the conversation: the question pending and whether a product is known. */
export interface ExtractionContext {
  pending?: Topic;
  hasProduct?: boolean;
}
