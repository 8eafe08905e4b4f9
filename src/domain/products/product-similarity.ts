/**
 * When two requests (or two offers, or a request and an offer) ask for "the same thing", for price
 * guidance: the same category and a similar product. A product name is reduced to its
 * signature: the head noun (the first word that is not an article, preposition or brand), its brand
 * if it names one, and its model (the first word with a digit: 'iphone 14', 'ps5', a size). Words are folded (lower
 * case, no accents), synonyms mapped to one word ('bici' → 'bicicletta', 'cellulare' → 'smartphone')
 * and singular/plural reduced to one stem ('scarpa'/'scarpe', 'giacca'/'giacche').
 *
 * Two signatures are similar when their heads are equal, their brands do not differ (one without a
 * brand matches any) and their models do not differ (same rule). Adjectives after the head ('da
 * città', 'nere', 'usato') do not count: guidance is a range, not a quote. The table of examples is
 * product-similarity.test.ts.
 */

export type ProductSignature = { head: string; brand?: string; model?: string };
export type SimilarityItem = { category: string; productName: string };

const fold = (text: string) =>
  text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[’']/g, " ");

/** Articles, prepositions and quantities that come before the head noun ('un paio di scarpe'). */
const LEADING = new Set(
  `un uno una il lo la l i gli le dei delle degli del della dello di da per con a in su nuovo nuova
  nuovi nuove usato usata usati usate paio coppia set confezione cerco vorrei serve servono mi`.split(/\s+/),
);

/** Words that name the same product: each maps to the word the signature uses. */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["bicicletta", "bici", "biciclette", "bike", "e-bike", "ebike"],
  ["smartphone", "telefono", "telefonino", "cellulare", "cellulari", "telefoni", "iphone", "galaxy"],
  ["portatile", "notebook", "laptop", "macbook", "computer portatile"],
  ["televisore", "tv", "televisione", "televisori", "tivu"],
  ["cuffie", "cuffia", "cuffiette", "auricolari", "auricolare", "airpods"],
  ["frigorifero", "frigo", "frigoriferi"],
  ["pneumatico", "pneumatici", "gomme", "gomma"],
  ["caffettiera", "moka"],
  ["monopattino", "monopattini", "scooter elettrico"],
  ["divano", "divani", "sofa"],
  ["console", "playstation", "ps4", "ps5", "xbox", "nintendo"],
  ["giubbotto", "giubbino", "giacca", "giacche", "giubbotti"],
  ["maglietta", "magliette", "t-shirt", "tshirt", "maglia"],
  ["sneakers", "sneaker", "scarpe da ginnastica", "scarpe sportive"],
  ["chitarra", "chitarre"],
];

/** Brand words, and the brand a product word implies ('iphone' is Apple's). */
const BRANDS = new Set(
  `apple samsung xiaomi huawei sony lg philips bosch dyson nike adidas puma asics lenovo hp dell asus
  acer canon nikon bialetti lavazza delonghi de'longhi smeg ikea bianchi decathlon michelin pirelli
  bridgestone yamaha fender gibson nintendo microsoft oppo motorola garmin`.split(/\s+/),
);
const IMPLIED_BRAND: Readonly<Record<string, string>> = {
  iphone: "apple",
  ipad: "apple",
  macbook: "apple",
  airpods: "apple",
  playstation: "sony",
  ps4: "sony",
  ps5: "sony",
  xbox: "microsoft",
  galaxy: "samsung",
};

const SYNONYMS: ReadonlyMap<string, string> = new Map(
  SYNONYM_GROUPS.flatMap(([canonical = "", ...others]) =>
    [canonical, ...others].map((word) => [word, canonical] as const),
  ),
);

/** The multi-word synonyms, longest first, replaced before the text is cut into words. */
const PHRASES = [...SYNONYMS.keys()].filter((key) => key.includes(" ")).sort((a, b) => b.length - a.length);

/**
 * Singular and plural to one stem: the final vowel goes ('scarpa', 'scarpe' → 'scarp'), and the 'h'
 * of -che/-ghe with it ('giacche' → 'giacc'). Short words and words ending in a consonant stay.
 */
export function italianStem(word: string): string {
  if (word.length <= 3 || !/[aeio]$/.test(word)) return word;
  const stem = word.slice(0, -1);
  return /[cg]h$/.test(stem) ? stem.slice(0, -1) : stem;
}

/** The signature of a product name, or undefined when it holds no product word. */
export function productSignature(productName: string): ProductSignature | undefined {
  let text = ` ${fold(productName)} `;
  for (const phrase of PHRASES) text = text.replaceAll(` ${phrase} `, ` ${SYNONYMS.get(phrase)} `);
  const words = text.split(/[^\p{L}\d-]+/u).filter(Boolean);
  let head: string | undefined;
  let brand: string | undefined;
  let model: string | undefined;
  for (const word of words) {
    const implied = IMPLIED_BRAND[word];
    if (BRANDS.has(word) || implied) brand ??= implied ?? word;
    if (/\d/.test(word)) model ??= word;
    if (head || LEADING.has(word)) continue;
    const synonym = SYNONYMS.get(word);
    if (synonym) head = italianStem(synonym);
    else if (!BRANDS.has(word) && !/\d/.test(word)) head = italianStem(word);
  }
  if (!head) return undefined;
  return { head, ...(brand ? { brand } : {}), ...(model ? { model } : {}) };
}

/** Two signatures name the same product (see the module's comment). */
export function similarSignatures(a: ProductSignature, b: ProductSignature): boolean {
  if (a.head !== b.head) return false;
  if (a.brand && b.brand && a.brand !== b.brand) return false;
  return !(a.model && b.model && a.model !== b.model);
}

/** Two requests or offers are similar: the same category and similar product names. */
export function areSimilar(a: SimilarityItem, b: SimilarityItem): boolean {
  if (a.category !== b.category) return false;
  const first = productSignature(a.productName);
  const second = productSignature(b.productName);
  return first !== undefined && second !== undefined && similarSignatures(first, second);
}

/**
 * Similar requests together, in the order of each group's first request (a feed stays newest first):
 * what a 'X persone cercano …' group in a shop's feed would hold. Not shown anywhere yet.
 */
export function groupSimilar<T extends SimilarityItem>(items: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (const item of items) {
    const group = groups.find((candidates) => candidates[0] && areSimilar(candidates[0], item));
    if (group) group.push(item);
    else groups.push([item]);
  }
  return groups;
}
