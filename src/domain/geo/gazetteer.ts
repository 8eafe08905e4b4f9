/**
 * The offline Italian gazetteer (architecture §4): turns a comune typed by a user, alone or inside a
 * free address, into coordinates. Pure: the dataset (src/data/gazetteer/places-it.json, built by
 * scripts/gazetteer/build.ts) is passed in, so tests use a small fixture and the app loads it lazily.
 */

import type { Place } from "./place.ts";

/** One place: [name, province sigla, lat, lng, population, other names (exonyms, German names…)]. */
export type PlaceTuple =
  | readonly [name: string, province: string, lat: number, lng: number, population: number]
  | readonly [
      name: string,
      province: string,
      lat: number,
      lng: number,
      population: number,
      aliases: readonly string[],
    ];

export type Gazetteer = readonly PlaceTuple[];

/** The lookups bound to one dataset: what the lazily loaded chunk hands to the place fields. */
export type PlaceSearch = {
  suggest: (query: string, limit?: number) => Place[];
  resolve: (text: string) => Place | null;
};

/** Fewer characters than this suggest nothing: one letter would list half of Italy. */
export const MIN_SUGGEST_CHARS = 2;

/**
 * Lowercase, no accents, apostrophes and punctuation as spaces, 'S.' → 'san' (and the usual street
 * abbreviations spelled out), spaces collapsed: 'S. Donà di Piave' and 'san dona di piave' compare equal.
 */
export function normalisePlaceText(text: string): string {
  return (
    text
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      // Abbreviations with a dot, before punctuation becomes space: S.ta, S.to, S., C.so, P.za, V.le…
      .replace(/(^|[^\p{L}\d])s\.\s*ta(?![\p{L}\d])/gu, "$1santa ")
      .replace(/(^|[^\p{L}\d])s\.\s*to(?![\p{L}\d])/gu, "$1santo ")
      .replace(/(^|[^\p{L}\d])ss\.(?=\s*\p{L})/gu, "$1santi ")
      .replace(/(^|[^\p{L}\d])s\./gu, "$1san ")
      .replace(/(^|[^\p{L}\d])c\.\s*so(?![\p{L}\d])/gu, "$1corso ")
      .replace(/(^|[^\p{L}\d])p\.\s*z?za(?![\p{L}\d])/gu, "$1piazza ")
      .replace(/(^|[^\p{L}\d])p\.\s*le(?![\p{L}\d])/gu, "$1piazzale ")
      .replace(/(^|[^\p{L}\d])v\.\s*le(?![\p{L}\d])/gu, "$1viale ")
      .replace(/(^|[^\p{L}\d])l\.\s*go(?![\p{L}\d])/gu, "$1largo ")
      .replace(/[^\p{L}\d]+/gu, " ")
      .trim()
  );
}

/**
 * Words that open a street name ('Via Roma 5'): the place right after one is the street's name, not
 * the comune, and the words up to the house number belong to the street.
 */
export const STREET_WORDS: ReadonlySet<string> = new Set([
  "via",
  "viale",
  "vle",
  "corso",
  "piazza",
  "piazzale",
  "piazzetta",
  "largo",
  "vicolo",
  "vico",
  "strada",
  "stradone",
  "str",
  "contrada",
  "borgo",
  "lungomare",
  "lungolago",
  "lungarno",
  "lungotevere",
  "salita",
  "discesa",
  "rampa",
  "traversa",
  "calle",
  "campo",
  "fondamenta",
  "galleria",
  "passaggio",
  "circonvallazione",
  "alzaia",
  "localita",
  "loc",
  "frazione",
  "fraz",
  "rione",
  "statale",
  "provinciale",
]);

/** 'Via del Corso': a street word after one of these is part of the name, not a new street. */
const ARTICLES = new Set(["del", "della", "dello", "dei", "degli", "delle", "di", "d", "al", "alla", "ai"]);

/** Address words that are also the names of hamlets ('Centro', 'Piazza', 'Stazione'): never a place alone. */
const ADDRESS_WORDS = new Set([
  ...STREET_WORDS,
  "centro",
  "interno",
  "int",
  "scala",
  "piano",
  "civico",
  "numero",
  "n",
  "cap",
  "presso",
  "zona",
  "stazione",
  "italia",
  "provincia",
  "citta",
  "comune",
  "snc",
  "nord",
  "sud",
  "est",
  "ovest",
]);

export type IndexedPlace = { place: Place; population: number; keys: readonly string[] };

export type GazetteerIndex = {
  places: readonly IndexedPlace[];
  byKey: ReadonlyMap<string, readonly IndexedPlace[]>;
  provinces: ReadonlySet<string>;
  maxWords: number;
};

/** 'sant elena' also as 'san elena', 'santa maria' as 'san maria': what 'S. Elena', 'S. Maria' become. */
function keysOf(names: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const name of names) {
    const key = normalisePlaceText(name);
    if (!key) continue;
    keys.add(key);
    keys.add(key.replace(/\bsant[aoi]?(?= )/g, "san"));
  }
  return [...keys];
}

// The dataset is immutable once loaded: index it once, on first use.
const indexes = new WeakMap<Gazetteer, GazetteerIndex>();

/** The dataset indexed by normalised name (built once per dataset): for place-mention.ts's lookups. */
export function indexOf(dataset: Gazetteer): GazetteerIndex {
  const cached = indexes.get(dataset);
  if (cached) return cached;
  const byKey = new Map<string, IndexedPlace[]>();
  const provinces = new Set<string>();
  let maxWords = 1;
  const places = dataset.map((tuple) => {
    const [name, province, lat, lng, population] = tuple;
    const aliases = tuple[5] ?? [];
    const indexed: IndexedPlace = {
      place: { name, province, lat, lng },
      population,
      keys: keysOf([name, ...aliases]),
    };
    provinces.add(province);
    for (const key of indexed.keys) {
      const list = byKey.get(key);
      if (list) list.push(indexed);
      else byKey.set(key, [indexed]);
      maxWords = Math.max(maxWords, key.split(" ").length);
    }
    return indexed;
  });
  const index = { places, byKey, provinces, maxWords };
  indexes.set(dataset, index);
  return index;
}

const byPopulation = (a: IndexedPlace, b: IndexedPlace) =>
  b.population - a.population || a.place.name.localeCompare(b.place.name, "it");

/**
 * Autocomplete: places whose name (or another name) starts with the query, exact matches first, then
 * by population; then places with a later word starting with it ('giovanni' → 'Sesto San Giovanni').
 */
export function suggestPlaces(dataset: Gazetteer, query: string, limit = 5): Place[] {
  const q = normalisePlaceText(query);
  if (q.length < MIN_SUGGEST_CHARS || limit <= 0) return [];
  const tiers: IndexedPlace[][] = [[], [], []];
  for (const indexed of indexOf(dataset).places) {
    let tier = 3;
    for (const key of indexed.keys) {
      if (key === q) tier = 0;
      else if (key.startsWith(q)) tier = Math.min(tier, 1);
      else if (key.includes(` ${q}`)) tier = Math.min(tier, 2);
    }
    if (tier < 3) tiers[tier]?.push(indexed);
  }
  return tiers
    .flatMap((tier) => tier.sort(byPopulation))
    .slice(0, limit)
    .map((indexed) => indexed.place);
}

type Candidate = {
  indexed: IndexedPlace;
  words: number;
  start: number;
  inStreet: boolean;
  provinceNamed: boolean;
};

/**
 * Province siglas the text names: '(MI)' in any case, or 'MI' in capitals as a word; only real ones.
 * Returns the siglas and the text without them (so 'PO' or 'SS' are not read as places).
 */
function extractProvinces(text: string, provinces: ReadonlySet<string>) {
  const named = new Set<string>();
  const take = (match: string, sigla: string) => {
    const code = sigla.toUpperCase();
    if (!provinces.has(code)) return match;
    named.add(code);
    return ", ";
  };
  const rest = text
    .replace(/\(\s*([A-Za-z]{2})\s*\)/g, take)
    .replace(/(?<![\p{L}\d])([A-Z]{2})(?![\p{L}\d])/gu, take);
  return { named, rest };
}

/**
 * The comune inside a free text ('Via Roma 5, Sesto San Giovanni (MI)', '20099 Sesto San Giovanni',
 * 'corso Buenos Aires Milano', 'Roma'), or null. Rules, in order: a place outside a street name beats
 * one inside it (the word right after 'via', 'corso'… is never the comune); the longest name wins; a
 * province sigla in the text picks among homonyms; then the most populous.
 */
export function resolvePlace(dataset: Gazetteer, text: string): Place | null {
  const index = indexOf(dataset);
  const { named, rest } = extractProvinces(text, index.provinces);
  const candidates: Candidate[] = [];
  let offset = 0;
  for (const segment of rest.split(/[,;\n]+/)) {
    const words = normalisePlaceText(segment).split(" ").filter(Boolean);
    // opens[i]: word i starts a street name; inStreet[i]: word i is part of one (up to the house number).
    const opens = words.map((word, i) => STREET_WORDS.has(word) && !ARTICLES.has(words[i - 1] ?? ""));
    const inStreet: boolean[] = [];
    let street = false;
    words.forEach((word, i) => {
      if (/^\d/.test(word)) street = false;
      inStreet.push(street);
      if (opens[i]) street = true;
    });
    for (let start = 0; start < words.length; start++) {
      for (let count = 1; count <= index.maxWords && start + count <= words.length; count++) {
        const key = words.slice(start, start + count).join(" ");
        if (count === 1 && ADDRESS_WORDS.has(key) && words.length > 1) continue;
        // The street's own name: 'Roma' in 'Via Roma'.
        if (opens[start - 1]) continue;
        for (const indexed of index.byKey.get(key) ?? []) {
          candidates.push({
            indexed,
            words: count,
            start: offset + start,
            inStreet: inStreet[start] ?? false,
            provinceNamed: named.has(indexed.place.province),
          });
        }
      }
    }
    offset += words.length;
  }
  candidates.sort(
    (a, b) =>
      Number(a.inStreet) - Number(b.inStreet) ||
      b.words - a.words ||
      Number(b.provinceNamed) - Number(a.provinceNamed) ||
      b.indexed.population - a.indexed.population ||
      b.start - a.start,
  );
  return candidates[0]?.indexed.place ?? null;
}

export function placeSearch(dataset: Gazetteer): PlaceSearch {
  return {
    suggest: (query, limit) => suggestPlaces(dataset, query, limit),
    resolve: (text) => resolvePlace(dataset, text),
  };
}
