import { describe, expect, it } from "vitest";
import { GAZETTEER_FIXTURE as places } from "@/testing/gazetteer-fixture";
import { normalisePlaceText, placeSearch, resolvePlace, suggestPlaces } from "./gazetteer.ts";
import { isFixInPlace, placeLabel } from "./place.ts";

const label = (place: { name: string; province: string } | null | undefined) =>
  place ? placeLabel(place) : null;

describe("normalisePlaceText", () => {
  it.each([
    ["Forlì", "forli"],
    ["  San   Donà di Piave ", "san dona di piave"],
    ["L'Aquila", "l aquila"],
    ["Sant’Elena", "sant elena"],
    ["S. Giovanni", "san giovanni"],
    ["Sesto S.Giovanni", "sesto san giovanni"],
    ["S.ta Maria Capua Vetere", "santa maria capua vetere"],
    ["C.so Buenos Aires, 12/B", "corso buenos aires 12 b"],
    ["P.za Duomo", "piazza duomo"],
    ["Via Roma 5, Sesto San Giovanni (MI)", "via roma 5 sesto san giovanni mi"],
  ])("%s → %s", (text, expected) => {
    expect(normalisePlaceText(text)).toBe(expected);
  });
});

describe("resolvePlace", () => {
  it.each([
    // The comune alone, any case, accents and apostrophes optional.
    ["Roma", "Roma (RM)"],
    ["roma", "Roma (RM)"],
    ["MILANO", "Milano (MI)"],
    ["Forli", "Forlì (FC)"],
    ["FORLÌ", "Forlì (FC)"],
    ["l'aquila", "L'Aquila (AQ)"],
    ["L Aquila", "L'Aquila (AQ)"],
    ["san dona di piave", "San Donà di Piave (VE)"],
    // Exonyms and other names.
    ["Milan", "Milano (MI)"],
    ["Turin", "Torino (TO)"],
    ["Brenner", "Brennero (BZ)"],
    ["Reggio Emilia", "Reggio nell'Emilia (RE)"],
    // Abbreviations.
    ["Sesto S. Giovanni", "Sesto San Giovanni (MI)"],
    ["S. Maria Capua Vetere", "Santa Maria Capua Vetere (CE)"],
    ["S. Elena", "Sant'Elena (PD)"],
    // Inside a full address: the longest name, never the street's own name.
    ["Via Roma 5, Sesto San Giovanni (MI)", "Sesto San Giovanni (MI)"],
    ["20099 Sesto San Giovanni", "Sesto San Giovanni (MI)"],
    ["corso Buenos Aires Milano", "Milano (MI)"],
    ["Via Roma 5, Bari", "Bari (BA)"],
    ["Via Roma 5 Bari", "Bari (BA)"],
    ["Viale Monza 10, 20125 Milano", "Milano (MI)"],
    ["Via Milano 3, Monza (MB)", "Monza (MB)"],
    ["Cologno Monzese, via Milano 1", "Cologno Monzese (MI)"],
    ["Via del Corso 12, Roma", "Roma (RM)"],
    ["Via San Giovanni Bosco 3, Bari", "Bari (BA)"],
    ["Piazza Duomo 1, Milano", "Milano (MI)"],
    ["Milano centro", "Milano (MI)"],
    ["Villa San Giovanni", "Villa San Giovanni (RC)"],
    ["Milano Marittima", "Milano Marittima (RA)"],
    // Comuni whose name starts with a street word.
    ["Piazza Armerina", "Piazza Armerina (EN)"],
    ["Via Garibaldi 2, Borgo San Lorenzo", "Borgo San Lorenzo (FI)"],
    // Exact name over a longer one starting the same way.
    ["Sesto", "Sesto (BZ)"],
    // Homonyms: the sigla decides, else the most populous.
    ["San Giovanni", "San Giovanni (CT)"],
    ["San Giovanni (SV)", "San Giovanni (SV)"],
    ["San Giovanni SV", "San Giovanni (SV)"],
    ["via Verdi 1, San Giovanni (pn)", "San Giovanni (PN)"],
    ["San Giovanni (XX)", "San Giovanni (CT)"],
    ["Piazza", "Piazza (BS)"],
    ["Piazza (TN)", "Piazza (TN)"],
    // Reggio: the longest name decides.
    ["Via Marina 3, Reggio Calabria", "Reggio Calabria (RC)"],
    // Not found.
    ["", null],
    ["   ", null],
    ["Parigi", null],
    ["Via Roma 5", null],
    ["Via Roma", null],
    ["20100", null],
    ["Sesto San", "Sesto (BZ)"],
    ["Centro commerciale", null],
  ])("%j → %s", (text, expected) => {
    expect(label(resolvePlace(places, text))).toBe(expected);
  });

  it("returns the name, province and coordinates", () => {
    expect(resolvePlace(places, "Via Roma 5, Sesto San Giovanni (MI)")).toEqual({
      name: "Sesto San Giovanni",
      province: "MI",
      lat: 45.5333,
      lng: 9.2259,
    });
  });

  it("finds nothing in an empty gazetteer", () => {
    expect(resolvePlace([], "Roma")).toBeNull();
  });
});

describe("suggestPlaces", () => {
  const labels = (query: string, limit?: number) => suggestPlaces(places, query, limit).map(label);

  it.each([
    // The exact name first, then the rest by population.
    ["sesto", ["Sesto (BZ)", "Sesto San Giovanni (MI)", "Sesto Fiorentino (FI)", "Sesto Calende (VA)"]],
    ["mil", ["Milano (MI)", "Milazzo (ME)", "Milano Marittima (RA)"]],
    // The city before the places named after it (Milano Marittima, Barriera di Milano).
    ["Milano", ["Milano (MI)", "Milano Marittima (RA)"]],
    ["Reggio", ["Reggio Calabria (RC)", "Reggio nell'Emilia (RE)"]],
    ["san dona", ["San Donà di Piave (VE)"]],
    ["FORLÌ", ["Forlì (FC)"]],
    ["rome", ["Roma (RM)"]],
    ["s. maria", ["Santa Maria Capua Vetere (CE)"]],
    // A later word, after the names that start with it.
    [
      "giovanni",
      [
        "Sesto San Giovanni (MI)",
        "Villa San Giovanni (RC)",
        "San Giovanni (CT)",
        "San Giovanni (PN)",
        "San Giovanni (SV)",
      ],
    ],
    // Too short, or nothing.
    ["m", []],
    ["", []],
    ["zzz", []],
    ["Sesto San Giovanni (MI)", []],
  ])("%j → %j", (query, expected) => {
    expect(labels(query)).toEqual(expected);
  });

  it("stops at the limit (5 by default)", () => {
    expect(labels("s")).toEqual([]);
    expect(labels("sa")).toHaveLength(5);
    expect(labels("sesto", 2)).toEqual(["Sesto (BZ)", "Sesto San Giovanni (MI)"]);
    expect(labels("sesto", 0)).toEqual([]);
  });
});

describe("placeSearch", () => {
  it("binds the lookups to one dataset", () => {
    const search = placeSearch(places);
    expect(search.resolve("20099 Sesto San Giovanni")).toEqual(resolvePlace(places, "Sesto San Giovanni"));
    expect(search.suggest("sesto", 1).map(label)).toEqual(["Sesto (BZ)"]);
  });
});

describe("isFixInPlace", () => {
  const torino = { name: "Torino", province: "TO", lat: 45.0705, lng: 7.6868 };
  it("takes a phone fix a few km from the comune's centre to be in it", () => {
    expect(isFixInPlace({ lat: 45.07, lng: 7.69 }, torino)).toBe(true);
    expect(isFixInPlace({ lat: 45.4643, lng: 9.1895 }, torino)).toBe(false);
  });
});
