import { type Gazetteer, type IndexedPlace, indexOf, normalisePlaceText } from "./gazetteer.ts";
import { distanceKm, type LatLng } from "./geo.ts";
import { NEIGHBOURHOODS } from "./neighbourhoods.ts";
import type { Place } from "./place.ts";
import {
  ARTICLED,
  NAME_LINKS,
  NEAR_ME,
  NOT_PLACES,
  STRONG_BEFORE_DI,
  STRONG_CUES,
  WEAK_CUES,
  ZONE_MARKERS,
  ZONE_STOPS,
} from "./place-words.ts";
import { closestByEdits } from "./typo-distance.ts";

/**
 * Where a chat message says the buyer needs something (the offline Algo's reader, and the check of
 * what Gemini read): a comune ('a Roma', 'Cerco… Bologna'), with its neighbourhood ('zona Trastevere',
 * 'a Milano zona Navigli'), a neighbourhood alone ('zona Vomero' → Napoli), a typo ('a Milnao'), or
 * 'near me' ('sotto casa', 'vicino a me'), which only the phone's position can answer. Resolved with
 * the offline gazetteer: homonyms rank by exact match and then population ('Milano' is Milano (MI),
 * never Barriera di Milano (TO) or Milano Marittima (RA)). Pure: the dataset is passed in.
 */
export type PlaceMention =
  | {
      kind: "place";
      comune: Place;
      zone?: string;
      /** What shops read of it is the zone of this text (geo-privacy.ts): 'Trastevere, Roma'. */
      address: string;
      lat: number;
      lng: number;
      /** The words of the message that named it ('Roma', 'Trastevere'), for the reader to set aside. */
      said: string[];
    }
  | { kind: "near_me" };

/** A quarter (population 0 or small) belongs to the city within this distance. */
const QUARTER_OF_CITY_KM = 15;
/** A city, for a quarter named alone: 'zona Vomero' → the nearest place at least this big. */
const CITY_POPULATION = 100_000;
/** Without a capital letter after a weak cue ('sono di napoli'), only a place this big is one. */
const WEAK_CUE_POPULATION = 20_000;
/** A typo is read only as a place this big ('a Milnao'), never as a hamlet. */
const TYPO_POPULATION = 30_000;

type Token = { raw: string; key: string; cap: boolean };
type Found = {
  indexed: IndexedPlace;
  raw: string;
  words: number;
  cap: boolean;
  cue: "strong" | "weak" | "none";
};
type Zone = { name: string; key: string; raw: string };

/** Segments (split at punctuation) of words, each with its normalised key and capitalisation. */
function tokenize(text: string): Token[][] {
  return text
    .split(/[,;:!?\n()]+|\.(?=\s|$)/)
    .map((segment) =>
      [...segment.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({
        raw: match[0],
        key: normalisePlaceText(match[0]),
        cap: /^\p{Lu}/u.test(match[0]),
      })),
    )
    .filter((segment) => segment.length > 0);
}

function cueBefore(tokens: readonly Token[], start: number): Found["cue"] {
  const before = tokens[start - 1]?.key ?? "";
  if (STRONG_CUES.has(before)) return "strong";
  if ((before === "di" || before === "del") && STRONG_BEFORE_DI.has(tokens[start - 2]?.key ?? ""))
    return "strong";
  if (WEAK_CUES.has(before)) return "weak";
  return "none";
}

const isQuarter = (dataset: Gazetteer, place: Place, population: number) =>
  population < CITY_POPULATION && cityOf(dataset, place) !== undefined;

/** The city a quarter belongs to: the nearest place of CITY_POPULATION within QUARTER_OF_CITY_KM. */
function cityOf(dataset: Gazetteer, quarter: LatLng): Place | undefined {
  let best: { place: Place; km: number } | undefined;
  for (const indexed of indexOf(dataset).places) {
    if (indexed.population < CITY_POPULATION) continue;
    const km = distanceKm(quarter, indexed.place);
    if (km <= QUARTER_OF_CITY_KM && (!best || km < best.km)) best = { place: indexed.place, km };
  }
  return best?.place;
}

/** May this match be a place, given its cue, capitals and size? */
function plausible(dataset: Gazetteer, found: Found, anywhere: boolean): boolean {
  const { indexed, words, cap, cue } = found;
  if (words === 1 && NOT_PLACES.has(indexed.keys[0] ?? "")) return false;
  if (anywhere) return true;
  if (cue === "strong")
    return cap || indexed.population >= 1_000 || isQuarter(dataset, indexed.place, indexed.population);
  if (cue === "weak") return cap ? indexed.population >= 1_000 : indexed.population >= WEAK_CUE_POPULATION;
  return cap && indexed.population >= CITY_POPULATION / 2;
}

/** Every gazetteer name in the message; `anywhere`: the message answers 'where?' and needs no cue. */
function findPlaces(dataset: Gazetteer, segments: Token[][], anywhere: boolean): Found[] {
  const index = indexOf(dataset);
  const found: Found[] = [];
  for (const tokens of segments) {
    for (let start = 0; start < tokens.length; start++) {
      if (NOT_PLACES.has(tokens[start]?.key ?? "") && !anywhere) continue;
      const cue = cueBefore(tokens, start);
      if (cue === "none" && !anywhere && ARTICLED.has(tokens[start - 1]?.key ?? "")) continue;
      let exact = false;
      for (let words = 1; words <= index.maxWords && start + words <= tokens.length; words++) {
        const slice = tokens.slice(start, start + words);
        if (NAME_LINKS.has(slice.at(-1)?.key ?? "")) continue;
        const key = slice.map((token) => token.key).join(" ");
        for (const indexed of index.byKey.get(key) ?? []) {
          const raw = slice.map((token) => token.raw).join(" ");
          const candidate: Found = { indexed, raw, words, cap: Boolean(slice[0]?.cap), cue };
          if (plausible(dataset, candidate, anywhere)) {
            found.push(candidate);
            exact = true;
          }
        }
      }
      const token = tokens[start];
      if (
        !exact &&
        token &&
        (cue === "strong" || anywhere) &&
        token.key.length >= 5 &&
        !NOT_PLACES.has(token.key)
      ) {
        const typo = closestByEdits(token.key, index.places, TYPO_POPULATION);
        if (typo) found.push({ indexed: typo, raw: token.raw, words: 1, cap: token.cap, cue });
      }
    }
  }
  return found;
}

const rank = (a: Found, b: Found) =>
  b.words - a.words ||
  Number(b.cue === "strong") - Number(a.cue === "strong") ||
  b.indexed.population - a.indexed.population;

/** 'zona navigli' → 'Navigli'; the words after a marker up to a stop word, a number or the segment's end. */
function zoneNames(segments: Token[][]): Zone[] {
  const zones: Zone[] = [];
  for (const tokens of segments) {
    tokens.forEach((token, i) => {
      if (!ZONE_MARKERS.has(token.key)) return;
      const words: Token[] = [];
      for (const next of tokens.slice(i + 1, i + 5)) {
        if (ZONE_STOPS.has(next.key) || /^\d/.test(next.key)) break;
        words.push(next);
      }
      while (words.length > 0 && NAME_LINKS.has(words.at(-1)?.key ?? "")) words.pop();
      if (words.length === 0 || (words.length === 1 && NOT_PLACES.has(words[0]?.key ?? ""))) return;
      const name = words
        .map((word, w) => (w > 0 && NAME_LINKS.has(word.key) ? word.raw.toLowerCase() : capitalise(word.raw)))
        .join(" ");
      zones.push({
        name,
        key: words.map((word) => word.key).join(" "),
        raw: words.map((word) => word.raw).join(" "),
      });
    });
  }
  return zones;
}

const capitalise = (word: string) =>
  word === word.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;

/** A neighbourhood of `comune` named `key`: the gazetteer's quarter, else the table's. */
function quarterIn(dataset: Gazetteer, comune: Place, key: string): LatLng | undefined {
  const quarter = (indexOf(dataset).byKey.get(key) ?? []).find(
    (indexed) => distanceKm(indexed.place, comune) <= QUARTER_OF_CITY_KM,
  );
  if (quarter) return quarter.place;
  const row = NEIGHBOURHOODS.find(([zone, name]) => name === comune.name && normalisePlaceText(zone) === key);
  return row ? { lat: row[3], lng: row[4] } : undefined;
}

function mention(
  comune: Place,
  at: LatLng,
  zone: string | undefined,
  said: (string | undefined)[],
): PlaceMention {
  return {
    kind: "place",
    comune,
    ...(zone ? { zone } : {}),
    address: zone ? `${zone}, ${comune.name}` : comune.name,
    lat: at.lat,
    lng: at.lng,
    said: said.filter((words): words is string => Boolean(words)),
  };
}

/** A neighbourhood named alone: the table's, or a gazetteer quarter with its city. */
function zoneAlone(dataset: Gazetteer, zone: Zone): PlaceMention | undefined {
  const row = NEIGHBOURHOODS.find(([name]) => normalisePlaceText(name) === zone.key);
  if (row) {
    const comune = (indexOf(dataset).byKey.get(normalisePlaceText(row[1])) ?? []).find(
      (indexed) => indexed.place.province === row[2],
    );
    if (comune) return mention(comune.place, { lat: row[3], lng: row[4] }, row[0], [zone.raw]);
  }
  const quarters = [...(indexOf(dataset).byKey.get(zone.key) ?? [])].sort(
    (a, b) => b.population - a.population,
  );
  for (const quarter of quarters) {
    const city = cityOf(dataset, quarter.place);
    if (city) return mention(city, quarter.place, quarter.place.name, [zone.raw]);
  }
  return undefined;
}

export interface PlaceMentionOptions {
  /** Algo has just asked where: the whole message is read as a place, no cue needed. */
  answering?: boolean;
}

/** The place a message names, 'near me', or undefined when it says nothing of where. */
export function findPlaceMention(
  dataset: Gazetteer,
  text: string,
  options: PlaceMentionOptions = {},
): PlaceMention | undefined {
  const segments = tokenize(text);
  const zones = zoneNames(segments);
  const zoneKeys = new Set(zones.map((zone) => zone.key));
  // A province sigla in the text, '(GE)', picks among homonyms.
  const provinces = new Set(
    [...text.matchAll(/\(\s*([A-Za-z]{2})\s*\)/g)].map((match) => match[1]?.toUpperCase()),
  );
  const found = findPlaces(dataset, segments, options.answering ?? false)
    .sort(rank)
    .sort(
      (a, b) =>
        Number(provinces.has(b.indexed.place.province)) - Number(provinces.has(a.indexed.place.province)),
    );
  // A comune proper: not the neighbourhood named after 'zona', nor a quarter of a city also named.
  const comuni = found.filter(
    (candidate) =>
      !zoneKeys.has(candidate.indexed.keys[0] ?? "") || candidate.indexed.population >= CITY_POPULATION,
  );
  const city = comuni[0];
  if (city) {
    const comune = city.indexed.place;
    // 'a Trastevere': a quarter named as if a comune, with its city.
    if (city.indexed.population < CITY_POPULATION && !zones.length && !options.answering) {
      const parent = isQuarter(dataset, comune, city.indexed.population)
        ? cityOf(dataset, comune)
        : undefined;
      if (parent && city.indexed.population === 0) return mention(parent, comune, comune.name, [city.raw]);
    }
    // 'zona Monza' names the comune itself, not a neighbourhood of it.
    const own = zones.filter((zone) => !city.indexed.keys.includes(zone.key));
    for (const zone of own) {
      const at = quarterIn(dataset, comune, zone.key);
      if (at) return mention(comune, at, zone.name, [city.raw, zone.raw]);
    }
    return mention(comune, comune, own[0]?.name, [city.raw, ...zones.map((zone) => zone.raw)]);
  }
  for (const zone of zones) {
    const alone = zoneAlone(dataset, zone);
    if (alone) return alone;
  }
  return NEAR_ME.test(normalisePlaceText(text)) ? { kind: "near_me" } : undefined;
}

/** What a model said of the place (Gemini's `place` fields), resolved the same way. */
export function placeFromParts(
  dataset: Gazetteer,
  parts: { comune?: string | undefined; provincia?: string | undefined; zona?: string | undefined },
): PlaceMention | undefined {
  const comune = parts.comune?.trim();
  const zona = parts.zona?.trim();
  if (!comune && !zona) return undefined;
  const province = parts.provincia?.trim() ? ` (${parts.provincia.trim()})` : "";
  const text = [comune ? `${comune}${province}` : "", zona ? `zona ${zona}` : ""].filter(Boolean).join(", ");
  return findPlaceMention(dataset, text, { answering: true });
}
