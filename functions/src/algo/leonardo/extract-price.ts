import { MAX_AMOUNT_EUR } from "@/domain/core/limits";
import type { Span } from "../offline/text";
import { NUMBER_WORD_SOURCE, parseAmount } from "./numbers";

/**
 * The offer's price, from folded text. Only an amount the shop marks as a price counts: with its
 * currency ("140 euro", "140 €", "€ 140", "89 euro e 90", "centoquaranta euro") or after words that
 * name a price ("costa 140", "te lo faccio a 120", "prezzo 99,90", "a 140"). A bare number ("iPhone
 * 13", "dopo le 16") is never a price: a sentence without one leaves the price empty.
 */

const AMOUNT = `(\\d{1,3}(?:\\.\\d{3})+(?:,\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?|${NUMBER_WORD_SOURCE})`;
const CENTS_AMOUNT = `(\\d{1,2}|${NUMBER_WORD_SOURCE})`;
const CURRENCY = "(?:euro|eur|€)";
/** Units after a number that make it something else than money. */
const NOT_MONEY =
  "(?!\\s?(?:%|ore\\b|ora\\b|h\\b|minut|giorn|gg\\b|settiman|mes[ei]\\b|ann[io]\\b|km\\b|chilometri|metri\\b|m\\b|cm\\b|mm\\b|kg\\b|gb\\b|tb\\b|pollici|passi\\b|pezzi|litri|watt|w\\b|anni\\b|marce|rapporti|volt|v\\b))";
/** Words that name the price before the amount. */
const PRICE_WORDS =
  "(?:prezzo(?: finale| scontato)?(?: di| e| a)?|costa|costo|viene|vengono|(?:(?:lo|la|li|le|glielo|gliela|glieli|gliele|te lo|te la|ve lo|ve la|glie lo)\\s+)?(?:vendo|vendiamo|do|diamo|faccio|facciamo|metto|mettiamo|lascio|lasciamo|offro|offriamo|propongo|proponiamo)\\s+a|a soli|per soli|solo|soltanto|a|per)";

export interface PriceMatch extends Span {
  value: number;
}

function amountOf(whole: string | undefined, cents: string | undefined): number | undefined {
  if (!whole) return undefined;
  const euros = parseAmount(whole);
  if (euros === undefined) return undefined;
  if (!cents) return euros;
  const fraction = parseAmount(cents);
  // "89 euro e 90": the cents follow as a number below 100 (not "e 2 anni di garanzia").
  if (fraction === undefined || fraction >= 100 || !Number.isInteger(euros)) return euros;
  return Math.round((euros + fraction / 100) * 100) / 100;
}

function plausible(value: number | undefined): value is number {
  return value !== undefined && value > 0 && value <= MAX_AMOUNT_EUR;
}

const WITH_CURRENCY = new RegExp(
  `(?<![\\w.,])${AMOUNT}(?:\\s+e\\s+${CENTS_AMOUNT}(?=\\s?${CURRENCY}))?\\s?${CURRENCY}(?![a-z])(?:\\s+e\\s+${CENTS_AMOUNT}(?!\\w|[.,]\\d)${NOT_MONEY}(?:\\s+centesimi)?)?`,
  "g",
);
const CURRENCY_FIRST = new RegExp(`(?:€|\\beuro)\\s?${AMOUNT}(?!\\w|[.,]\\d)${NOT_MONEY}`, "g");
const AFTER_WORDS = new RegExp(
  `\\b${PRICE_WORDS}(?::\\s*|\\s+)${AMOUNT}(?!\\w|[.,]\\d)(?:\\s+e\\s+${CENTS_AMOUNT}(?!\\w|[.,]\\d))?${NOT_MONEY}`,
  "g",
);

export function extractPrice(folded: string): PriceMatch | undefined {
  for (const match of folded.matchAll(WITH_CURRENCY)) {
    const value = amountOf(match[1], match[2] ?? match[3]);
    if (plausible(value)) return { value, start: match.index, end: match.index + match[0].length };
  }
  for (const match of folded.matchAll(CURRENCY_FIRST)) {
    const value = amountOf(match[1], undefined);
    if (plausible(value)) return { value, start: match.index, end: match.index + match[0].length };
  }
  for (const match of folded.matchAll(AFTER_WORDS)) {
    const value = amountOf(match[1], match[2]);
    if (plausible(value)) return { value, start: match.index, end: match.index + match[0].length };
  }
  return undefined;
}
