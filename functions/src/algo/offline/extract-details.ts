import type { Condition } from "@/domain/core/enums";
import { COLOUR_SHADES, COLOURS, FOOTWEAR, MATERIALS, VEHICLE_MAKES } from "./lexicon";
import { alternation, type Matcher } from "./matcher";
import type { Topic } from "./topics";

/** The product's details: size, condition, colour, material and technical specifications. */

const SPEC_PATTERNS: readonly RegExp[] = [
  /\b\d{3}\/\d{2}\s?z?r\s?\d{2}\b/,
  /\b\d+(?:[.,]\d+)?\s?(?:gb|tb)\b(?:\s(?:di\s)?ram\b)?/,
  /\b\d+(?:[.,]\d+)?\s?(?:pollici\b|")/,
  /\b\d+(?:[.,]\d+)?\s?(?:mah|watt|w|kw|hz|mhz|ghz|mp|megapixel|cc|cv|litri|lt|kg|cm|mm|btu|volt|v)\b/,
  /\b(?:5g|4g|wi-?fi|bluetooth|4k|8k|full ?hd|oled|qled|amoled|nfc|dual sim|usb-?c|hdmi|ssd|wireless|senza fili|noise cancelling|cancellazione (?:attiva )?del rumore|touch ?screen)\b/,
];

const MAKES = alternation(VEHICLE_MAKES);
const VEHICLE_PATTERN = new RegExp(
  `\\b(?:per (?:la |il |lo |l'|una |un |mia |mio )?)?(?:${MAKES})\\b(?: (?!(?:del|anno|entro|con|e|per|che|sui|tra|budget|massimo|nuov|usat)\\b)[a-z0-9]+)?(?: (?:del |anno |immatricolata nel )?(?:19|20)\\d{2}\\b)?`,
);

const LETTER_SIZES: Readonly<Record<string, string>> = {
  small: "S",
  medium: "M",
  large: "L",
  unica: "unica",
};
const SIZE_TOKEN = "xxxl|xxl|xl|xs|s|m|l|\\d{2}(?:[.,]5)?";

function normaliseSize(raw: string): string {
  const value = raw.trim();
  if (LETTER_SIZES[value]) return LETTER_SIZES[value];
  if (/^\d/.test(value)) return value.replace(",", ".").replace(/\s?x\s?/, "x");
  return value.toUpperCase();
}

/** An explicit size ("taglia M", "numero 42"), a shoe size for footwear, or the answer to the question. */
export function extractSize(m: Matcher, pending?: Topic): string | undefined {
  const explicit =
    m.first(new RegExp(`\\b(?:taglia|tg\\.?|size)\\s*(${SIZE_TOKEN}|small|medium|large|unica)\\b`)) ??
    m.first(/\b(?:numero|num\.?|n\.|n°)\s*(\d{2}(?:[.,]5)?)\b/) ??
    m.first(new RegExp(`\\bmisura\\s+(\\d{2,3}\\s?x\\s?\\d{2,3}|${SIZE_TOKEN})\\b`)) ??
    m.first(new RegExp(`\\bporto (?:il|la|una|la taglia|il numero) (${SIZE_TOKEN})\\b`));
  if (explicit?.[1]) return normaliseSize(explicit[1]);
  if (FOOTWEAR.test(m.folded)) {
    const shoeSize = m.first(
      /(?<![\d.,])\b(3[4-9]|4[0-8])(?:[.,]5)?\b(?!\s?(?:€|euro|eur|ore|giorni|anni|%|gb|pollici|cm|kg))/,
    );
    if (shoeSize?.[0]) return normaliseSize(shoeSize[0]);
  }
  if (pending === "size") {
    const answer = m.first(new RegExp(`^(?:(?:la|il|una|un)\\s+)?(${SIZE_TOKEN})\\b`));
    if (answer?.[1]) return normaliseSize(answer[1]);
  }
  return undefined;
}

/** Two conditions named ("nuovo o usato") mean the user does not mind. */
export function extractCondition(m: Matcher): { condition?: Condition; indifferent: boolean } {
  const found = new Set<Condition>();
  if (m.first(/\bricondizionat[oaie]\b|\brigenerat[oaie]\b|\brefurbished\b/)) found.add("ricondizionato");
  if (m.first(/\bmai usat[oaie]\b|\bnuovissim[oaie]\b|\bnuov[oaie] di zecca\b|\bancora imballat[oaie]\b/))
    found.add("nuovo");
  if (m.first(/\b(?:di )?seconda mano\b|\busat[oaie]\b|\bsecond hand\b|\bseminuov[oaie]\b|\bd'occasione\b/))
    found.add("usato");
  if (m.first(/(?<!\bdi )\bnuov[oaie]\b|\bimballat[oaie]\b|\bsigillat[oaie]\b/)) found.add("nuovo");
  if (found.size === 1) return { condition: [...found][0], indifferent: false };
  return { indifferent: found.size > 1 };
}

const COLOUR_PATTERN = new RegExp(
  `\\b(?:(?:di |del |in )?colore |color )?(${alternation(COLOURS.keys())})(?: (${alternation(COLOUR_SHADES.keys())}))?\\b`,
);

/** Every colour named, joined with "o" ("rosso o nero"). */
export function extractColour(m: Matcher): string | undefined {
  const colours: string[] = [];
  for (const match of m.all(COLOUR_PATTERN)) {
    const base = COLOURS.get(match[1] ?? "");
    if (!base) continue;
    const shade = match[2] ? COLOUR_SHADES.get(match[2]) : undefined;
    const colour = shade ? `${base} ${shade}` : base;
    if (!colours.includes(colour)) colours.push(colour);
  }
  return colours.length > 0 ? colours.join(" o ") : undefined;
}

/** A material after "in", "di", "con"…, or alone as the answer to the material question. */
export function extractMaterial(m: Matcher, pending?: Topic): string | undefined {
  const names = alternation(MATERIALS.keys());
  const match =
    m.first(new RegExp(`(?:\\b(?:in|di|con|tutt[oa]|a base di)\\s+|\\bd')(${names})\\b`)) ??
    (pending === "material" ? m.first(new RegExp(`\\b(${names})\\b`)) : undefined);
  return match?.[1] ? MATERIALS.get(match[1]) : undefined;
}

/** The vehicle (make, model, year) and the technical specifications, each once. */
export function extractSpecifications(m: Matcher): string[] {
  const specs: string[] = [];
  const vehicle = m.first(VEHICLE_PATTERN);
  if (vehicle) specs.push(m.slice(vehicle).replace(/^per (?:la |il |lo |l'|una |un |mia |mio )?/i, "per "));
  for (const pattern of SPEC_PATTERNS) {
    for (const match of m.all(pattern)) specs.push(m.slice(match));
  }
  return [...new Set(specs)];
}
