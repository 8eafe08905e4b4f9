import type { Span } from "../offline/text";
import { NUMBER_WORD_SOURCE } from "./numbers";

/**
 * When it is ready, as the shop said it ("domani dopo le 16", "da sabato", "subito", "entro tre
 * giorni", "lunedì mattina"), from folded text. The words are kept as spoken (cut from the original
 * text): the form's availability field is free text the buyer reads.
 */

const WEEKDAY = "(?:lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica)";
const MONTH =
  "(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)";
const DAY = `(?:oggi|domani|dopodomani|stasera|stamattina|stamani|${WEEKDAY}|(?:questo |il )?(?:fine settimana|weekend)|(?:la )?settimana prossima|(?:la )?prossima settimana|in settimana|in giornata|in mattinata|in serata|nel pomeriggio|(?:il )?\\d{1,2} ${MONTH})`;
const PREFIX = "(?:(?:gia |anche |solo )?(?:da|dal|dalla|a partire da|entro|per|prima di|dopo|gia)\\s+)?";
const PART = "(?:\\s+(?:mattina|pomeriggio|sera|prossim[oa]|stess[oa]|in giornata))*";
const CLOCK = `(?:\\d{1,2}(?:[:.]\\d{2})?|${NUMBER_WORD_SOURCE}|mezzogiorno|l'una)(?:\\s+e\\s+(?:mezza|mezzo|un quarto|trenta|quindici|\\d{2}))?`;
const TIME = `(?:(?:dopo|prima|verso|entro|per|fino) (?:le|alle|l')\\s?|dalle |alle |a |verso |alle ore |ore )${CLOCK}(?:\\s+(?:alle|fino alle|a)\\s+${CLOCK})?`;
const RELATIVE = `(?:entro|tra|fra|in) (?:\\d+|${NUMBER_WORD_SOURCE}|un|una|un paio di|qualche|pochi|poche) ?(?:or[ae]|giorn[oi]|settiman[ae]|mes[ei])\\b|(?:entro|tra|fra|in) un'ora\\b`;
const NOW =
  "(?:(?:anche |gia |da )?subito|immediatamente|in pronta consegna|pronta consegna|gia disponibile|disponibile da ora|disponibile adesso)";

const AVAILABILITY = new RegExp(
  `\\b(?:${PREFIX}${DAY}${PART}(?:,?\\s+${TIME})?|${RELATIVE}|${NOW}\\b|(?:da|a partire da) ${TIME}|${TIME.replace("|a |", "|")})`,
);

export interface AvailabilityMatch extends Span {
  text: string;
}

/** The first availability said; `original` is the text `folded` was folded from (same length). */
export function extractAvailability(folded: string, original: string): AvailabilityMatch | undefined {
  const match = AVAILABILITY.exec(folded);
  if (!match) return undefined;
  const start = match.index;
  const end = start + match[0].length;
  const spoken = original.slice(start, end).trim();
  return { start, end, text: spoken.charAt(0).toUpperCase() + spoken.slice(1) };
}
