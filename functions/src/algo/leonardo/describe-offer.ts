import {
  CONDITION_LABELS,
  type Condition,
  DELIVERY_OPTION_LABELS,
  type DeliveryOption,
} from "@/domain/core/enums";
import { DESCRIPTION_MAX_LENGTH } from "@/domain/core/limits";
import { overlaps, type Span } from "../offline/text";

/**
 * The offer's description in the shop's voice, from what it dictated: what it has (the words left once
 * price, delivery and availability are taken out, without the fillers of speech: "allora", "ce l'ho",
 * "ehm"), then the price, how and when, each in a short sentence of its own.
 */

/** Spoken ways to say how the buyer gets it, removed from the product's words. */
const DELIVERY_PHRASE =
  /(?:\b(?:(?:solo|anche) )?(?:(?:la|lo|li|le|glielo|gliela|te lo|te la|se la|se lo|ce la|ve lo|ve la)\s+)?(?:(?:puo|puoi|potete|possono|posso|possiamo|si puo)\s+)?(?:anche\s+)?(?:(?:passare|venire)\s+a\s+)?(?:ritir\w*|prender\w*|consegn\w*|port\w*|spedi\w*|mand\w*)(?:\s+(?:(?:in|al) negozio|da noi|a domicilio|a casa(?: sua| tua)?|di persona|in bottega|(?:con|col) (?:il )?corriere))?|\ba domicilio\b|\bin negozio\b|\bentramb[ie]\b)/g;

/** Words of speech that say nothing about the product, dropped at the start of what is left… */
const LEADING = new Set(
  (
    "allora dunque ecco ok okay si certo ehm eh mah buongiorno buonasera salve ciao ce l'ho l'abbiamo abbiamo " +
    "ho c'e e ed o oppure ma poi anche pure a al per che sia solo quindi disponibile disponibili pronto pronta " +
    "prezzo costa viene con di da e' sono"
  ).split(" "),
);
/** …and at its end, with the articles and pronouns a cut leaves behind ("…, la" before "può ritirare"). */
const TRAILING = new Set([
  ...LEADING,
  ..."il lo la i gli le un una uno li si puo te ve glie se ne".split(" "),
]);
/** Words that alone name nothing the shop has ("se passi", "non facciamo", "quando vuole"). */
const NAMES_NOTHING = new Set([
  ...TRAILING,
  ..."se quando vuole vuoi volete passi passa passare non facciamo faccio possiamo posso mi ti ci chiami chiamate senta guardi alle dalle ore tutto bene va vanno modalita come preferisce preferisci gratuita gratis zona in del della dei delle ha hai".split(
    " ",
  ),
]);

function trimEdges(folded: string, original: string): string {
  const words = folded.split(/\s+/).filter(Boolean);
  const kept = original.split(/\s+/).filter(Boolean);
  let from = 0;
  let to = words.length;
  while (from < to && LEADING.has(words[from] ?? "")) from++;
  while (to > from && TRAILING.has(words[to - 1] ?? "")) to--;
  const named = words.slice(from, to).some((word) => word.length >= 3 && !NAMES_NOTHING.has(word));
  return named ? kept.slice(from, to).join(" ") : "";
}

/** What the shop said it has: the text outside the taken spans, in pieces, without fillers. */
export function productWords(folded: string, original: string, taken: readonly Span[]): string {
  const spans = [...taken];
  for (const match of folded.matchAll(DELIVERY_PHRASE)) {
    const span = { start: match.index, end: match.index + match[0].length };
    if (!spans.some((other) => overlaps(other, span))) spans.push(span);
  }
  spans.sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  let at = 0;
  for (const span of [...spans, { start: folded.length, end: folded.length }]) {
    if (span.start > at) {
      for (const chunk of chunksOf(folded, original, at, span.start)) pieces.push(chunk);
    }
    at = Math.max(at, span.end);
  }
  return pieces.join(", ");
}

function chunksOf(folded: string, original: string, start: number, end: number): string[] {
  const out: string[] = [];
  const part = folded.slice(start, end);
  for (const match of part.matchAll(/[^,.;:!?]+/g)) {
    const from = start + match.index;
    const to = from + match[0].length;
    const text = trimEdges(folded.slice(from, to), original.slice(from, to));
    if (text) out.push(text);
  }
  return out;
}

export function formatPrice(value: number): string {
  return `${value.toLocaleString("it-IT", {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
    useGrouping: true,
  })} €`;
}

export interface DescriptionParts {
  product: string;
  /** The request's product, when the shop did not name what it has. */
  requestProduct?: string;
  condition?: Condition;
  price?: number;
  deliveryOptions?: readonly DeliveryOption[];
  availability?: string;
}

export function describeOffer(parts: DescriptionParts): string {
  const what = parts.product || parts.requestProduct || "quello che cerca";
  const condition = parts.condition ? CONDITION_LABELS[parts.condition].toLowerCase() : undefined;
  const said = condition && what.toLowerCase().includes(condition.slice(0, 4));
  const sentences = [
    `Abbiamo ${what}${condition && !said ? ` (${condition})` : ""}.`,
    parts.price !== undefined ? `Prezzo: ${formatPrice(parts.price)}.` : undefined,
    parts.deliveryOptions?.length
      ? `${parts.deliveryOptions.map((option, index) => (index === 0 ? DELIVERY_OPTION_LABELS[option] : DELIVERY_OPTION_LABELS[option].toLowerCase())).join(" o ")}.`
      : undefined,
    parts.availability
      ? `Disponibilità: ${parts.availability.charAt(0).toLowerCase()}${parts.availability.slice(1)}.`
      : undefined,
  ];
  const text = sentences.filter(Boolean).join(" ");
  return Array.from(text.charAt(0).toUpperCase() + text.slice(1))
    .slice(0, DESCRIPTION_MAX_LENGTH)
    .join("");
}
