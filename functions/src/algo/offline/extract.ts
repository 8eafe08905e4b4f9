import {
  BROWSE_CATEGORIES,
  type BrowseCategory,
  type Condition,
  type DeliveryPreference,
  type RequestCategory,
  type Urgency,
} from "@/domain/enums";
import { PRODUCT_NAME_MAX_LENGTH } from "@/domain/limits";
import {
  AMBIGUOUS_KEYWORDS,
  CATEGORY_KEYWORDS,
  COLOUR_SHADES,
  COLOURS,
  FOOTWEAR,
  MATERIALS,
  VEHICLE_MAKES,
} from "./lexicon";
import { fold, NUMBER_SOURCE, overlaps, parseItalianNumber, type Span, tidy, words } from "./text";

/** What Algo can ask about, in the order it asks. */
export const TOPICS = [
  "product",
  "budget",
  "urgency",
  "delivery",
  "size",
  "color",
  "material",
  "condition",
  "specifications",
] as const;
export type Topic = (typeof TOPICS)[number];

export interface Extraction {
  productName?: string;
  /** The category the words point to (the product's words weigh most); undefined when none do. */
  category?: RequestCategory;
  budget?: { min?: number; max?: number };
  urgency?: Urgency;
  deliveryPreference?: DeliveryPreference;
  size?: string;
  color?: string;
  material?: string;
  condition?: Condition;
  specifications: string[];
  /** Topics the user said they do not mind about ("indifferente", "nuovo o usato"). */
  indifferent: Topic[];
  /** "sì", "ok", "va bene", "perfetto"… at the start of the message. */
  confirm: boolean;
  /** "no", "aspetta", "non ancora"… at the start of the message. */
  deny: boolean;
  /** "pubblica", "pubblicala", "puoi pubblicare". */
  publish: boolean;
  /** Only a greeting ("ciao", "buongiorno"). */
  greetingOnly: boolean;
}

/** What the extractor knows of the conversation: the question pending and whether a product is known. */
export interface ExtractionContext {
  pending?: Topic;
  hasProduct?: boolean;
}

class Matcher {
  readonly consumed: Span[] = [];
  constructor(
    readonly original: string,
    readonly folded: string,
  ) {}

  /** First match of `pattern` that overlaps nothing consumed; consumes it when `consume`. */
  first(pattern: RegExp, consume = true): RegExpExecArray | undefined {
    const flags = pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`;
    const re = new RegExp(pattern.source, flags);
    for (let match = re.exec(this.folded); match; match = re.exec(this.folded)) {
      if (match[0].length === 0) {
        re.lastIndex += 1;
        continue;
      }
      const span = { start: match.index, end: match.index + match[0].length };
      if (this.consumed.some((taken) => overlaps(taken, span))) continue;
      if (consume) this.consumed.push(span);
      return match;
    }
    return undefined;
  }

  /** Every non-overlapping match, consumed. */
  all(pattern: RegExp): RegExpExecArray[] {
    const out: RegExpExecArray[] = [];
    for (let match = this.first(pattern); match; match = this.first(pattern)) out.push(match);
    return out;
  }

  isConsumed(span: Span): boolean {
    return this.consumed.some((taken) => overlaps(taken, span));
  }

  slice(match: RegExpExecArray): string {
    return tidy(this.original.slice(match.index, match.index + match[0].length));
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternation = (list: Iterable<string>) =>
  [...list]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|");

// ---------------------------------------------------------------------------------------------
// Specifications, sizes, urgency, budget, delivery, condition, colour, material
// ---------------------------------------------------------------------------------------------

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

function extractSize(m: Matcher, pending?: Topic): string | undefined {
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

const SMALL_NUMBERS: Readonly<Record<string, number>> = {
  un: 1,
  una: 1,
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  sei: 6,
  dieci: 10,
  dodici: 12,
  ventiquattro: 24,
  quarantotto: 48,
  settantadue: 72,
};

function urgencyFromHours(hours: number): Urgency {
  if (hours <= 6) return "ore";
  if (hours <= 24) return "giornata";
  if (hours <= 48) return "48h";
  return "giorni";
}

function urgencyFromDays(days: number): Urgency {
  if (days <= 1) return "giornata";
  if (days <= 2) return "48h";
  return "giorni";
}

/** Checked in order: the negations come first so that "non è urgente" never reads as "urgente". */
const URGENCY_RULES: ReadonlyArray<readonly [RegExp, Urgency]> = [
  [
    /\bnon (?:ho|c'e|abbiamo) (?:nessuna |molta |tanta |troppa )?fretta\b|\bsenza (?:nessuna )?fretta\b|\bnessuna fretta\b|\bcon (?:tutta )?(?:calma|comodo)\b|\bnon (?:e )?(?:cosi )?urgente\b|\bniente di urgente\b|\bnessuna urgenza\b|\bnon c'e urgenza\b|\bnon subito\b/,
    "giorni",
  ],
  [
    /\boggi stesso\b|\bsubito\b|\bimmediatamente\b|\burgent(?:e|emente|issimo|issima)\b|\bcon urgenza\b|\b(?:il |al )?prima possibile\b|\bal piu presto\b|\bquanto prima\b|\bappena possibile\b|\basap\b|\badesso\b|\bin questo momento\b/,
    "subito",
  ],
  [
    /\b(?:entro|tra|fra|in|nel giro di) (?:qualche|poche|un paio d'|un paio di) ?ore\b|\bentro (?:un'|un |una )ora\b|\b(?:tra|fra) (?:un'|un |una )ora\b|\bqualche ora\b|\bpoche ore\b/,
    "ore",
  ],
  [
    /\bin giornata\b|\bentro (?:stasera|sera|oggi|fine giornata|la giornata|stanotte|questa sera|oggi pomeriggio)\b|\b(?:per )?stasera\b|\bquesta sera\b|\boggi(?: pomeriggio)?\b|\bin serata\b|\bin mattinata\b|\bstamattina\b|\bentro le \d{1,2}(?:[:.]\d{2})?\b/,
    "giornata",
  ],
  [
    /\b(?:per |entro )?dopodomani\b|\b(?:per |entro )?domani(?: mattina| pomeriggio| sera)?\b|\bun paio di giorni\b/,
    "48h",
  ],
  [
    /\bnei prossimi giorni\b|\bprossimi giorni\b|\b(?:entro |tra |fra |in )?qualche giorno\b|\b(?:entro |in |per )?(?:la |questa |fine |la prossima |prossima )?settiman[ae]\b|\bentro (?:fine |il )?mese\b|\b(?:il )?prossimo mese\b|\bquando (?:capita|vuoi|volete|possibile|riuscite|potete)\b/,
    "giorni",
  ],
];

function extractUrgency(m: Matcher): Urgency | undefined {
  const first = m.first(URGENCY_RULES[0]?.[0] ?? /$^/);
  if (first) return "giorni";
  const numeric = m.first(
    /\b(?:entro|in|tra|fra|nel giro di)\s+(?:le\s+|massimo\s+)?(\d{1,3}|un|una|due|tre|quattro|cinque|sei|dieci|dodici|ventiquattro|quarantotto|settantadue)\s*(ore|ora|h|giorni|giorno|gg)\b/,
  );
  if (numeric?.[1] && numeric[2]) {
    const n = SMALL_NUMBERS[numeric[1]] ?? Number(numeric[1]);
    return numeric[2].startsWith("g") ? urgencyFromDays(n) : urgencyFromHours(n);
  }
  for (const [pattern, urgency] of URGENCY_RULES.slice(1)) {
    if (m.first(pattern)) return urgency;
  }
  return undefined;
}

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
function extractBudget(m: Matcher, pending?: Topic): { min?: number; max?: number } | undefined {
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

const GENERIC_INDIFFERENCE =
  /\bindifferente\b|\bfa lo stesso\b|\be uguale\b|\bnon ho preferenze\b|\bnessuna preferenza\b|\bcome (?:preferisci|preferite|volete|vuoi)\b|\bnon importa\b|\bva bene tutto\b|\bnon saprei\b|\bnon so\b|\bboh\b|\bqualsiasi\b|\bqualunque\b|\bvedi tu\b|\bdecidi tu\b|\bnon mi interessa\b|\bnessun limite\b|\bnon ho un budget\b|\bsenza limiti?\b|\bnessun[oa]? in particolare\b|\bnon in particolare\b/;

function extractDelivery(m: Matcher, pending?: Topic): DeliveryPreference | undefined {
  if (
    m.first(
      /\bsia (?:il |col |con )?ritiro (?:che|sia|o) (?:la |con )?consegna\b|\bsia (?:la )?consegna (?:che|sia|o) (?:il )?ritiro\b|\britiro o consegna\b|\bconsegna o ritiro\b|\britiro (?:e|oppure) consegna\b|\bqualsiasi modalita\b/,
    )
  )
    return "both";
  if ((pending === undefined || pending === "delivery") && m.first(/\bentramb[ie]\b|\btutt[ie] e due\b/))
    return "both";
  if (pending === "delivery" && m.first(GENERIC_INDIFFERENCE)) return "both";
  const pickup = m.first(
    /\britiro (?:in negozio|di persona|io|presso il negozio)\b|\britir(?:arlo|arla|arli|arle|are|o)\b|\b(?:passo|vengo|vado|passerei|verrei|andrei|passo io|vengo io) (?:io )?a (?:prender|ritirar)(?:lo|la|li|le|e)\b|\b(?:passo|vado|vengo) io\b|\bin negozio\b|\bdi persona\b/,
  );
  if (pickup) return "pickup";
  const delivery = m.first(
    /\bconsegna a domicilio\b|\ba domicilio\b|\bconsegn(?:a|ato|ata|ati|ate|are|armelo|armela|ateci)\b|\bspedi(?:to|ta|ti|te|re|rlo|rla|rmelo|rmela|zione)\b|\bspedizione\b|\b(?:portare|mandare|inviare|portarmelo|portarmela|mandarmelo|mandarmela) a casa\b|\brecapit\w*|\ba casa mia\b|\bcorriere\b/,
  );
  return delivery ? "delivery" : undefined;
}

function extractCondition(m: Matcher): { condition?: Condition; indifferent: boolean } {
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

function extractColour(m: Matcher): string | undefined {
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

function extractMaterial(m: Matcher, pending?: Topic): string | undefined {
  const names = alternation(MATERIALS.keys());
  const match =
    m.first(new RegExp(`(?:\\b(?:in|di|con|tutt[oa]|a base di)\\s+|\\bd')(${names})\\b`)) ??
    (pending === "material" ? m.first(new RegExp(`\\b(${names})\\b`)) : undefined);
  return match?.[1] ? MATERIALS.get(match[1]) : undefined;
}

function extractSpecifications(m: Matcher): string[] {
  const specs: string[] = [];
  const vehicle = m.first(VEHICLE_PATTERN);
  if (vehicle) specs.push(m.slice(vehicle).replace(/^per (?:la |il |lo |l'|una |un |mia |mio )?/i, "per "));
  for (const pattern of SPEC_PATTERNS) {
    for (const match of m.all(pattern)) specs.push(m.slice(match));
  }
  return [...new Set(specs)];
}

// ---------------------------------------------------------------------------------------------
// Dialogue acts
// ---------------------------------------------------------------------------------------------

const GREETING =
  /^(?:ciao|salve|buongiorno|buonasera|buondi|hey|ehi|hello|hola|buon pomeriggio)\b[\s!,.]*(?:algo\b)?[\s!,.]*/;
const CONFIRM =
  /^(?:si|ok|okay|va bene|certo|certamente|perfetto|esatto|giusto|d'accordo|confermo|conferma|procedi|vai|assolutamente|sicuro|benissimo|ottimo|yes)\b/;
const DENY =
  /^(?:no|non ancora|ancora no|aspetta|un attimo|un momento|prima vorrei|vorrei aggiungere|voglio aggiungere|nope)\b|\bnon pubblicare\b/;
/**
 * An order to publish, opening the message or one of its sentences ("pubblica", "sì, pubblicala",
 * "puoi pubblicare", "Ritiro in negozio. Pubblica pure"), never the verb inside a request.
 */
const PUBLISH =
  /(?:^|[.!?;,]\s*)(?:(?:si|ok|okay|va bene|certo|perfetto|bene)\b[\s,!.]*)?(?:pubblica|pubblicala|pubblicalo|pubblichiamo|pubblicate|(?:puoi|potete|vai a|procedi a) pubblicar(?:e|la|lo))(?:\s+pure)?\b/;

// ---------------------------------------------------------------------------------------------
// Product
// ---------------------------------------------------------------------------------------------

const INTENT =
  /\b(?:sto cercando|stavo cercando|sono alla ricerca di|siamo alla ricerca di|cerco|cercavo|cerchiamo|vorrei|vorremmo|voglio|volevo|mi serve|mi servono|mi servirebbe|mi servirebbero|ci serve|ci servono|ho bisogno di|ho bisogno d'|avrei bisogno di|avrei bisogno d'|abbiamo bisogno di|necessito di|mi occorre|mi occorrono|devo comprare|dovrei comprare|devo acquistare|mi piacerebbe|desidero|desidererei|compro|comprerei|avete|vendete|qualcuno ha|qualcuno vende|c'e qualcuno che vende)\b/;

const LEADING_FILLERS = new Set([
  "un",
  "uno",
  "una",
  "un'",
  "il",
  "lo",
  "la",
  "l'",
  "i",
  "gli",
  "le",
  "dei",
  "degli",
  "delle",
  "del",
  "dello",
  "della",
  "dell'",
  "qualche",
  "paio",
  "po'",
  "comprare",
  "acquistare",
  "trovare",
  "prendere",
  "avere",
  "regalare",
  "ordinare",
  "noleggiare",
  "anche",
  "ancora",
  "subito",
  "urgentemente",
  "per",
  "favore",
  "gentilmente",
  "tipo",
  "nuovo",
  "nuova",
  "bel",
  "bella",
  "buon",
  "buona",
  "altro",
  "altra",
]);

const BOUNDARIES = new Set([
  "che",
  "perche",
  "possibilmente",
  "preferibilmente",
  "magari",
  "ma",
  "pero",
  "oppure",
  "zona",
  "vicino",
  "nei",
  "dintorni",
  "qui",
  "budget",
  "prezzo",
  "spendere",
  "spesa",
  "costo",
  "grazie",
  "taglia",
  "misura",
  "colore",
  "entro",
  "sui",
  "sugli",
  "circa",
  "intorno",
  "attorno",
  "massimo",
  "max",
  "almeno",
  "fino",
  "sotto",
  "oggi",
  "domani",
  "dopodomani",
  "stasera",
  "subito",
  "urgente",
  "ritiro",
  "consegna",
  "spedizione",
  "se",
  "quando",
  "dove",
  "ho",
  "sono",
  "posso",
  "vorrei",
  "voglio",
  "cerco",
  "mi",
  "please",
]);

const POSSESSIVES = new Set(["mio", "mia", "miei", "mie", "nostro", "nostra", "nostri", "nostre"]);
const TRAILING_STOP = new Set([
  "e",
  "ed",
  "o",
  "di",
  "da",
  "in",
  "a",
  "ad",
  "per",
  "con",
  "del",
  "della",
  "dello",
  "dei",
  "degli",
  "delle",
  "un",
  "uno",
  "una",
  "il",
  "lo",
  "la",
  "le",
  "gli",
  "i",
  "tipo",
  "anche",
  "molto",
  "piu",
  "non",
  "numero",
]);
const NOT_PRODUCTS = new Set([
  "si",
  "no",
  "ok",
  "okay",
  "grazie",
  "ciao",
  "niente",
  "nulla",
  "boh",
  "bene",
  "va",
  "perfetto",
  "certo",
  "aiuto",
  "help",
  "prova",
  "test",
  "cosa",
  "qualcosa",
  "roba",
]);

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

function extractProduct(m: Matcher, start: number, hasIntent: boolean): string | undefined {
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

// ---------------------------------------------------------------------------------------------
// Category
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------

/** Everything one user message says. Pure and deterministic. */
export function extractUtterance(text: string, context: ExtractionContext = {}): Extraction {
  const original = tidy(text);
  const folded = fold(original);
  const m = new Matcher(original, folded);
  const greeting = GREETING.exec(folded);
  const bodyStart = greeting ? greeting[0].length : 0;
  const body = folded.slice(bodyStart);
  const pending = context.pending;

  const specifications = extractSpecifications(m);
  const size = extractSize(m, pending);
  const urgency = extractUrgency(m);
  const budget = extractBudget(m, pending);
  const deliveryPreference = extractDelivery(m, pending);
  const { condition, indifferent: conditionIndifferent } = extractCondition(m);
  const color = extractColour(m);
  const material = extractMaterial(m, pending);

  const indifferent: Topic[] = [];
  if (conditionIndifferent) indifferent.push("condition");
  const generic = GENERIC_INDIFFERENCE.exec(body);
  if (generic && pending && pending !== "delivery" && pending !== "product") indifferent.push(pending);
  if (
    pending &&
    pending !== "delivery" &&
    pending !== "product" &&
    /^(?:entramb[ie]|tutt[ie] e due)\b/.test(body)
  )
    indifferent.push(pending);
  if (generic) m.first(GENERIC_INDIFFERENCE);

  const confirm = CONFIRM.test(body);
  const deny = DENY.test(body);
  const publish = PUBLISH.test(body);
  if (publish) m.first(PUBLISH);
  if (confirm) m.first(CONFIRM);

  const intent = m.first(INTENT);
  let productName: string | undefined;
  if (intent) productName = extractProduct(m, intent.index + intent[0].length, true);
  else if ((!context.hasProduct || pending === "product") && !deny && !generic) {
    productName = extractProduct(m, bodyStart, false);
  }

  let productSpan: Span | undefined;
  if (productName) {
    const at = folded.indexOf(fold(productName), intent ? intent.index : bodyStart);
    if (at >= 0) productSpan = { start: at, end: at + productName.length };
  }
  const category = detectCategory(folded, productSpan);

  const greetingOnly = Boolean(greeting) && body.replace(/[\s!,.?]+/g, "").length === 0;
  return {
    ...(productName ? { productName } : {}),
    ...(category ? { category } : {}),
    ...(budget ? { budget } : {}),
    ...(urgency ? { urgency } : {}),
    ...(deliveryPreference ? { deliveryPreference } : {}),
    ...(size ? { size } : {}),
    ...(color ? { color } : {}),
    ...(material ? { material } : {}),
    ...(condition ? { condition } : {}),
    specifications,
    indifferent,
    confirm: confirm && !deny,
    deny,
    publish: publish && !deny,
    greetingOnly,
  };
}
