import type { Matcher } from "./matcher";
import { NUMBER_SOURCE, parseItalianNumber } from "./text";
import type { Topic } from "./topics";

/** Units after a number that mean it is not money ("entro 48 ore", "55 pollici", "2 giorni"). */
const NOT_MONEY =
  '(?!\\s?(?:ore\\b|ora\\b|h\\b|giorn|gg\\b|settiman|mes[ei]\\b|ann[io]\\b|km\\b|chilometri|metri\\b|m\\b|gb\\b|tb\\b|mb\\b|pollici|"|cm\\b|mm\\b|kg\\b|litri|lt\\b|l\\b|persone|posti|pezzi|%|x\\s?\\d|mah\\b|w\\b|watt|hz\\b|mp\\b|cc\\b|cv\\b|kw\\b|minuti|volt|v\\b))';
const AMOUNT = `(€\\s?)?(?<![a-z\\d.,])(${NUMBER_SOURCE})(?!\\d)(\\s?(?:€|euro\\b|eur\\b))?${NOT_MONEY}`;
const ARTICLE = "(?:i\\s+|gli\\s+|di\\s+|ai\\s+|agli\\s+)?";

type Money = { value: number; currency: boolean };

function money(match: RegExpExecArray, at: number): Money | undefined {
  const raw = match[at + 1];
  if (!raw) return undefined;
  const value = parseItalianNumber(raw);
  if (value === undefined) return undefined;
  return { value, currency: Boolean(match[at] || match[at + 2]) };
}

/** Half-even rounding of a budget bound: whole euro from 10 € up, cents below. */
function roundBound(value: number): number {
  return value >= 10 ? Math.round(value) : Math.round(value * 100) / 100;
}

/**
 * "Around X" is a window of ±20 % (sui 200 euro → 160-240): the buyer names a price, shops a bit
 * under or over it are still worth an offer.
 */
export const APPROXIMATE_BUDGET_SPREAD = 0.2;

function around(value: number): { min: number; max: number } {
  return {
    min: roundBound(value * (1 - APPROXIMATE_BUDGET_SPREAD)),
    max: roundBound(value * (1 + APPROXIMATE_BUDGET_SPREAD)),
  };
}

/**
 * Budget, first rule that matches wins:
 * - a range "tra 50 e 80", "da 50 a 80 euro", "50-80 €" → 50-80;
 * - a ceiling "massimo/al massimo/max/non più di/fino a/sotto i/meno di 1000" → 0-1000;
 * - a floor "almeno/minimo/più di/da 300 in su" → min 300 (max left open: at publishing it becomes
 *   max(300, 1000));
 * - "sui/circa/intorno ai/più o meno 200" or "200 euro circa" → 160-240 (±20 %);
 * - "budget/spendere/prezzo 200", and a bare amount with its currency ("150 €", "€ 150",
 *   "150 euro") → 0-150: a price the buyer names is the most they want to pay;
 * - a bare number, only as the answer to Algo's budget question → 0-number.
 */
export function extractBudget(m: Matcher, pending?: Topic): { min?: number; max?: number } | undefined {
  const range =
    m.first(
      new RegExp(
        `\\b(?:tra|fra|dai|dagli|da)\\s+${ARTICLE}${AMOUNT}\\s*(?:e|a|ai|agli|-)\\s*${ARTICLE}${AMOUNT}`,
      ),
    ) ?? m.first(new RegExp(`${AMOUNT}\\s?-\\s?${AMOUNT}`));
  if (range) {
    const low = money(range, 1);
    const high = money(range, 4);
    const hyphenOnly = !/^(?:tra|fra|dai|dagli|da)\b/.test(range[0]);
    if (low && high && (!hyphenOnly || low.currency || high.currency)) {
      return low.value <= high.value
        ? { min: low.value, max: high.value }
        : { min: high.value, max: low.value };
    }
  }
  const ceiling = m.first(
    new RegExp(
      `\\b(?:al massimo|massimo|max|non piu di|non oltre|fino a|fino ai|fino agli|entro i|entro gli|sotto i|sotto gli|sotto|meno di|inferiore a|non superiore a|tetto(?: massimo)? di|budget massimo(?: di)?|budget max)\\s*${ARTICLE}${AMOUNT}`,
    ),
  );
  const ceilingMoney = ceiling && money(ceiling, 1);
  if (ceilingMoney) return { min: 0, max: ceilingMoney.value };
  const floor =
    m.first(
      new RegExp(
        `\\b(?:almeno|minimo|non meno di|piu di|sopra i|sopra gli|oltre i|oltre gli|a partire da)\\s*${ARTICLE}${AMOUNT}`,
      ),
    ) ?? m.first(new RegExp(`\\bda\\s+${AMOUNT}\\s+in su\\b`));
  const floorMoney = floor && money(floor, 1);
  if (floorMoney) return { min: floorMoney.value };
  const approx =
    m.first(
      new RegExp(
        `(?:\\b(?:sui|sugli|sul|circa|intorno a|intorno ai|intorno agli|attorno a|attorno ai|attorno agli|verso i|piu o meno|all'incirca|tipo)\\s*|\\bsull'\\s?)${ARTICLE}${AMOUNT}`,
      ),
    ) ?? m.first(new RegExp(`${AMOUNT}\\s*(?:circa|o giu di li|piu o meno)\\b`));
  const approxMoney = approx && money(approx, 1);
  if (approxMoney) return around(approxMoney.value);
  const keyword = m.first(
    new RegExp(
      `\\b(?:budget|spendere|spendo|spesa|pagare|pago|prezzo|costo|cifra)\\s*(?:di\\s+|da\\s+|e\\s+|massimo\\s+|max\\s+)?(?::\\s*)?${AMOUNT}`,
    ),
  );
  const keywordMoney = keyword && money(keyword, 1);
  if (keywordMoney) return { min: 0, max: keywordMoney.value };
  for (const candidate of m.folded.matchAll(new RegExp(AMOUNT, "g"))) {
    const span = { start: candidate.index, end: candidate.index + candidate[0].length };
    const bare = money(candidate, 1);
    if (!bare || m.isConsumed(span) || !(bare.currency || pending === "budget")) continue;
    m.consumed.push(span);
    return { min: 0, max: bare.value };
  }
  return undefined;
}
