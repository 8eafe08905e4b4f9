/**
 * Gender and number of the product a buyer asks for, so that Algo's questions agree with it: 'la
 * bicicletta' → 'ritirarla', 'le scarpe' → 'le preferisci nuove', 'il trapano' → 'lo preferisci nuovo'.
 * Read from the head noun of the product name (the first word, or the one after 'paio di', 'set di'),
 * with the Italian endings and a table of the exceptions people shop for (la bici, la moto, il pigiama,
 * la stampante, le forbici…). Foreign words default to masculine singular ('il tablet', 'lo smartphone').
 */
export type Agreement = { gender: "m" | "f"; plural: boolean };

const MASCULINE_SINGULAR: Agreement = { gender: "m", plural: false };

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const table = (words: string, agreement: Agreement): [string, Agreement][] =>
  words
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [word, agreement]);

const EXCEPTIONS = new Map<string, Agreement>([
  ...table(
    "bici bicicletta moto auto foto radio mano tv tivu e-bike bike console stampante chiave lente rete base carne crisi dinamo",
    {
      gender: "f",
      plural: false,
    },
  ),
  ...table("forbici sneakers sneaker lenzuola uova", { gender: "f", plural: true }),
  ...table(
    "pigiama sistema clima programma kit mouse caricabatterie paraurti portapacchi tergicristallo",
    MASCULINE_SINGULAR,
  ),
  ...table("jeans leggings shorts airpods occhiali pantaloni", { gender: "m", plural: true }),
]);

/** Words before the real head noun: 'paio di scarpe', 'set di pentole', 'coppia di casse'. */
const QUANTIFIERS = new Set(["paio", "coppia", "set", "confezione", "kit", "serie"]);

function headNoun(productName: string): string {
  const words = fold(productName)
    .split(/[^\p{L}\d-]+/u)
    .filter(Boolean)
    .filter(
      (word) =>
        !["un", "uno", "una", "un'", "il", "lo", "la", "i", "gli", "le", "dei", "delle", "degli"].includes(
          word,
        ),
    );
  const first = words[0] ?? "";
  if (QUANTIFIERS.has(first) && words[1] === "di" && words[2]) return words[2];
  return first;
}

export function productAgreement(productName: string | undefined): Agreement {
  const noun = headNoun(productName ?? "");
  if (!noun) return MASCULINE_SINGULAR;
  const known = EXCEPTIONS.get(noun);
  if (known) return known;
  if (/[^aeiou]$/.test(noun)) return /[^s]s$/.test(noun) ? { gender: "m", plural: true } : MASCULINE_SINGULAR;
  if (noun.endsWith("a")) return { gender: "f", plural: false };
  if (noun.endsWith("o")) return MASCULINE_SINGULAR;
  if (noun.endsWith("i")) return { gender: "m", plural: true };
  // -e: -zione/-sione and -ice are feminine singular ('televisione', 'lavatrice'); -ore, -one, -ale,
  // -ile, -ere, -ente, -ante are masculine singular ('televisore', 'ombrellone'); the rest are the
  // plural of feminine -a nouns ('scarpe', 'cuffie', 'gomme').
  if (/(?:zione|sione|gione|ice)$/.test(noun)) return { gender: "f", plural: false };
  if (/(?:ore|one|ale|ile|ere|ente|ante|ame|ume|ise)$/.test(noun)) return MASCULINE_SINGULAR;
  return { gender: "f", plural: true };
}

/** The object pronoun: lo, la, li, le. */
export function objectPronoun({ gender, plural }: Agreement): string {
  if (plural) return gender === "f" ? "le" : "li";
  return gender === "f" ? "la" : "lo";
}

/** An adjective in -o agreed: 'nuovo' → 'nuova', 'nuovi', 'nuove'. */
export function agree(adjective: string, { gender, plural }: Agreement): string {
  if (!adjective.endsWith("o")) return adjective;
  const stem = adjective.slice(0, -1);
  if (plural) return `${stem}${gender === "f" ? "e" : "i"}`;
  return `${stem}${gender === "f" ? "a" : "o"}`;
}
