/**
 * Italian numbers as a shop says them ("centoquaranta", "milleduecento", "ventotto", "diciannove"):
 * a word is read by composing its parts (mille/mila, cento, the tens with their elided forms, units and
 * teens), so every amount up to 999.999 in one word is understood, not a list of the common ones.
 * Works on folded text (lower case, no accents: "ventitre").
 */

const UNITS: Readonly<Record<string, number>> = {
  uno: 1,
  un: 1,
  una: 1,
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  sei: 6,
  sette: 7,
  otto: 8,
  nove: 9,
};

const TEENS: Readonly<Record<string, number>> = {
  dieci: 10,
  undici: 11,
  dodici: 12,
  tredici: 13,
  quattordici: 14,
  quindici: 15,
  sedici: 16,
  diciassette: 17,
  diciotto: 18,
  diciannove: 19,
};

/** Tens: full form and the form that drops its vowel before "uno" and "otto" (ventuno, trentotto). */
const TENS: ReadonlyArray<readonly [string, string, number]> = [
  ["venti", "vent", 20],
  ["trenta", "trent", 30],
  ["quaranta", "quarant", 40],
  ["cinquanta", "cinquant", 50],
  ["sessanta", "sessant", 60],
  ["settanta", "settant", 70],
  ["ottanta", "ottant", 80],
  ["novanta", "novant", 90],
];

/** 1-99. */
function belowHundred(word: string): number | undefined {
  if (word === "") return 0;
  if (word in TEENS) return TEENS[word];
  if (word in UNITS && word !== "un" && word !== "una") return UNITS[word];
  for (const [full, elided, value] of TENS) {
    if (word === full) return value;
    if (word.startsWith(full)) {
      const unit = UNITS[word.slice(full.length)];
      if (unit !== undefined && unit !== 1 && unit !== 8) return value + unit;
    }
    if (word === `${elided}uno` || word === `${elided}un`) return value + 1;
    if (word === `${elided}otto`) return value + 8;
  }
  return undefined;
}

/** 0-999. */
function belowThousand(word: string): number | undefined {
  const at = word.indexOf("cent");
  if (at < 0) return belowHundred(word);
  const head = word.slice(0, at);
  const hundreds = head === "" ? 1 : UNITS[head];
  if (hundreds === undefined || head === "un" || head === "una" || head === "uno") return undefined;
  // "cento" + "quaranta", or the o shared with ottanta/otto (centottanta, centotto), or centuno.
  const rest = word.slice(at + 4);
  const tail = (rest.startsWith("o") ? belowHundred(rest.slice(1)) : undefined) ?? belowHundred(rest);
  return tail === undefined ? undefined : hundreds * 100 + tail;
}

/** One Italian number word → its value, or undefined ("mille" 1000, "duemilacinquecento" 2500). */
export function numberWordValue(word: string): number | undefined {
  if (word.startsWith("mille")) {
    const rest = belowThousand(word.slice(5));
    return rest === undefined ? undefined : 1000 + rest;
  }
  const at = word.indexOf("mila");
  if (at > 0) {
    const thousands = belowThousand(word.slice(0, at));
    const rest = belowThousand(word.slice(at + 4));
    if (thousands === undefined || thousands < 2 || rest === undefined) return undefined;
    return thousands * 1000 + rest;
  }
  const value = belowThousand(word);
  return value === 0 ? undefined : value;
}

/** A regex source for one number word (a candidate: numberWordValue decides). */
export const NUMBER_WORD_SOURCE =
  "(?:[a-z]*(?:uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove|venti|trenta|quaranta|cinquanta|sessanta|settanta|ottanta|novanta|cento|mille|mila))";

/** A number spoken or written: digits ("1.200", "89,90", "89.90") or a word. */
export function parseAmount(raw: string): number | undefined {
  const text = raw.trim();
  if (/^\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?$/.test(text))
    return Number(text.replace(/\./g, "").replace(",", "."));
  if (/^\d+(?:[.,]\d{1,2})?$/.test(text)) return Number(text.replace(",", "."));
  return numberWordValue(text);
}
