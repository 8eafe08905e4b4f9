import { BROWSE_CATEGORIES, type BrowseCategory } from "@/domain/core/enums";
import { AMBIGUOUS_KEYWORDS, CATEGORY_KEYWORDS, VEHICLE_MAKES } from "./lexicon";
import { alternation } from "./matcher";
import { fold, overlaps, type Span, tidy } from "./text";

type Keyword = { phrase: string; categories: ReadonlyArray<readonly [BrowseCategory, number]> };

const KEYWORDS: readonly Keyword[] = [
  ...BROWSE_CATEGORIES.flatMap((category) =>
    CATEGORY_KEYWORDS[category].map((phrase) => ({ phrase, categories: [[category, 1]] as const })),
  ),
  ...Object.entries(AMBIGUOUS_KEYWORDS).map(([phrase, categories]) => ({
    phrase,
    categories: categories.map((category, i) => [category, i === 0 ? 0.5 : 0.45] as const),
  })),
  ...VEHICLE_MAKES.map((phrase) => ({ phrase, categories: [["automotive", 1]] as const })),
].sort((a, b) => b.phrase.length - a.phrase.length);

const KEYWORD_PATTERN = new RegExp(`\\b(?:${alternation(KEYWORDS.map((k) => k.phrase))})\\b`, "g");
const KEYWORD_BY_PHRASE = new Map(KEYWORDS.map((keyword) => [keyword.phrase, keyword]));

/**
 * Keyword scores: 3 for a keyword holding the product's first word (its head: "scarpe da running" is
 * abbigliamento before sport), 2 elsewhere in the product, 1 in the rest of the message.
 */
export function detectCategory(folded: string, product?: Span): BrowseCategory | undefined {
  const scores = new Map<BrowseCategory, number>();
  for (const match of folded.matchAll(KEYWORD_PATTERN)) {
    const keyword = KEYWORD_BY_PHRASE.get(match[0]);
    if (!keyword) continue;
    const span = { start: match.index ?? 0, end: (match.index ?? 0) + match[0].length };
    let weight = 1;
    if (product && overlaps(span, product)) weight = span.start <= product.start ? 3 : 2;
    for (const [category, share] of keyword.categories) {
      scores.set(category, (scores.get(category) ?? 0) + weight * share);
    }
  }
  let best: BrowseCategory | undefined;
  let bestScore = 0;
  for (const category of BROWSE_CATEGORIES) {
    const score = scores.get(category) ?? 0;
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}

/** The category of a product name alone (used when the name comes from an earlier turn). */
export function categoryOfProduct(productName: string): BrowseCategory | undefined {
  const folded = fold(tidy(productName));
  return detectCategory(folded, { start: 0, end: folded.length });
}
