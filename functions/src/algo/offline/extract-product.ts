import { PRODUCT_NAME_MAX_LENGTH } from "@/domain/core/limits";
import { BOUNDARIES, LEADING_FILLERS, NOT_PRODUCTS, POSSESSIVES, TRAILING_STOP } from "./lexicon";
import type { Matcher } from "./matcher";
import { words } from "./text";

/** "Cerco", "vorrei", "mi serve"…: what follows is the product. */
export const INTENT =
  /\b(?:sto cercando|stavo cercando|sono alla ricerca di|siamo alla ricerca di|cerco|cercavo|cerchiamo|vorrei|vorremmo|voglio|volevo|mi serve|mi servono|mi servirebbe|mi servirebbero|ci serve|ci servono|ho bisogno di|ho bisogno d'|avrei bisogno di|avrei bisogno d'|abbiamo bisogno di|necessito di|mi occorre|mi occorrono|devo comprare|dovrei comprare|devo acquistare|mi piacerebbe|desidero|desidererei|compro|comprerei|avete|vendete|qualcuno ha|qualcuno vende|c'e qualcuno che vende)\b/;

/** Keyboard mashing: a long word without vowels or with four consonants in a row. */
function looksLikeWord(word: string): boolean {
  if (/^\d+$/.test(word)) return true;
  if (word.length <= 3) return true;
  if (!/[aeiouy]/.test(word)) return false;
  return !/[bcdfghjklmnpqrstvwxz]{5,}/.test(word) && !/(.)\1\1/.test(word);
}

/** "iPhone", "TV", "PS5" keep their case; "Scarpe" at the start of a sentence does not. */
function productCase(word: string): string {
  if (/\d/.test(word) || /\p{Lu}/u.test(word.slice(1)) || (/^\p{Lu}+$/u.test(word) && word.length <= 4))
    return word;
  return word.toLowerCase();
}

/**
 * The product name from `start` on: fillers skipped, then words up to a boundary, a punctuation mark
 * or a consumed span. Without an intent verb the name must look like words (no keyboard mashing).
 */
export function extractProduct(m: Matcher, start: number, hasIntent: boolean): string | undefined {
  const tokens = words(m.folded).filter((token) => token.start >= start);
  const punctuationBetween = (from: number, to: number) => /[,.;:!?()]|\s-\s/.test(m.folded.slice(from, to));
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    if (!token) break;
    if (LEADING_FILLERS.has(token.word) || m.isConsumed(token)) index += 1;
    else if (token.word === "di" && index > 0) index += 1;
    else break;
  }
  const picked: typeof tokens = [];
  for (; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (!token) break;
    const previous = picked[picked.length - 1];
    if (previous && punctuationBetween(previous.end, token.start)) break;
    if (m.isConsumed(token) || BOUNDARIES.has(token.word)) break;
    const next = tokens[index + 1]?.word ?? "";
    const afterNext = tokens[index + 2]?.word ?? "";
    if (
      (token.word === "per" || token.word === "a" || token.word === "al" || token.word === "alla") &&
      (POSSESSIVES.has(next) || (["il", "la", "i", "le"].includes(next) && POSSESSIVES.has(afterNext)))
    )
      break;
    if (token.word === "da" && /^(?:regalare|usare|mettere|portare|indossare)$/.test(next)) break;
    picked.push(token);
    if (picked.length >= 12) break;
  }
  while (picked.length > 0 && TRAILING_STOP.has(picked[picked.length - 1]?.word ?? "")) picked.pop();
  const first = picked[0];
  const last = picked[picked.length - 1];
  if (!first || !last) return undefined;
  const significant = picked.filter((token) => !TRAILING_STOP.has(token.word));
  if (significant.every((token) => NOT_PRODUCTS.has(token.word) || /^\d+$/.test(token.word)))
    return undefined;
  if (!hasIntent) {
    if (picked.length > 8) return undefined;
    if (!picked.every((token) => looksLikeWord(token.word))) return undefined;
  }
  const product = words(m.original.slice(first.start, last.end))
    .map((token) => productCase(token.word))
    .join(" ")
    .replace(/' /g, "'");
  return Array.from(product).slice(0, PRODUCT_NAME_MAX_LENGTH).join("") || undefined;
}
