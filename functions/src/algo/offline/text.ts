/**
 * Text helpers of the offline Algo. Matching runs on a "folded" copy of the utterance (lower case,
 * accents removed, typographic apostrophes made plain) that has exactly the same length as the
 * original, so a span found in the folded text can be cut from the original (keeping "iPhone" or
 * "caffè" as the user wrote them).
 */

/** One code point → its folded form when that keeps the length, else itself. */
function foldChar(char: string): string {
  if (char === "\u2019" || char === "\u2018" || char === "`" || char === "\u00b4") return "'";
  const lower = char.toLowerCase();
  const base = lower.normalize("NFD").replace(/\p{M}+/gu, "");
  if (base.length === char.length) return base;
  return lower.length === char.length ? lower : char;
}

/** Lower case, no accents, plain apostrophes; same length as `text` (NFC). */
export function fold(text: string): string {
  let out = "";
  for (const char of text) out += foldChar(char);
  return out;
}

/** NFC, blanks collapsed, ends trimmed: the form every span refers to. */
export function tidy(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, " ").trim();
}

export interface Span {
  start: number;
  end: number;
}

export function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Small Italian number words people type for prices ("mille euro", "cinquecento"). */
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  dieci: 10,
  quindici: 15,
  venti: 20,
  trenta: 30,
  quaranta: 40,
  cinquanta: 50,
  sessanta: 60,
  settanta: 70,
  ottanta: 80,
  novanta: 90,
  cento: 100,
  centocinquanta: 150,
  duecento: 200,
  duecentocinquanta: 250,
  trecento: 300,
  quattrocento: 400,
  cinquecento: 500,
  seicento: 600,
  settecento: 700,
  ottocento: 800,
  novecento: 900,
  mille: 1000,
  millecinquecento: 1500,
  duemila: 2000,
  tremila: 3000,
  cinquemila: 5000,
  diecimila: 10000,
};

const WORDS_PATTERN = Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join("|");

/** A number as Italians write it: 1.000 / 1.000,50 / 49,90 / 150 / 2k / mille. */
export const NUMBER_SOURCE = `(?:\\d{1,3}(?:\\.\\d{3})+(?:,\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?|\\b(?:${WORDS_PATTERN})\\b)(?:\\s?k\\b)?`;

/** "1.000" → 1000, "49,90" → 49.9, "1.5" → 1.5, "2k" → 2000, "mille" → 1000. */
export function parseItalianNumber(raw: string): number | undefined {
  let text = raw.trim().toLowerCase();
  let factor = 1;
  if (/\s?k$/.test(text)) {
    factor = 1000;
    text = text.replace(/\s?k$/, "");
  }
  const word = NUMBER_WORDS[text];
  if (word !== undefined) return word * factor;
  let value: number;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) value = Number(text.replace(/\./g, "").replace(",", "."));
  else value = Number(text.replace(",", "."));
  return Number.isFinite(value) ? value * factor : undefined;
}

/** Words of a text with their spans; an elision ends its word ("un'auto" → "un'", "auto"). */
export function words(text: string): Array<Span & { word: string }> {
  const out: Array<Span & { word: string }> = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*'?/gu)) {
    const start = match.index ?? 0;
    out.push({ word: match[0], start, end: start + match[0].length });
  }
  return out;
}
