import { describe, expect, it } from "vitest";
import type { Gazetteer } from "@/domain/geo/gazetteer";
import { placeLabel } from "@/domain/geo/place";
import { loadGazetteer } from "./load-gazetteer";
import placesJson from "./places-it.json";

// The committed file, as scripts/gazetteer/build.ts wrote it, and the lookups the app loads over it.
describe("the generated Italian gazetteer", async () => {
  const search = await loadGazetteer();
  const label = (text: string) => {
    const place = search.resolve(text);
    return place && placeLabel(place);
  };

  it("holds ~10,000 Italian places, one per name and province, with siglas and coordinates", () => {
    const places = placesJson as unknown as Gazetteer;
    expect(places.length).toBeGreaterThan(9000);
    const ids = new Set<string>();
    for (const [name, province, lat, lng, population] of places) {
      expect(province).toMatch(/^[A-Z]{2}$/);
      expect(lat).toBeGreaterThan(35);
      expect(lat).toBeLessThan(47.2);
      expect(lng).toBeGreaterThan(6.5);
      expect(lng).toBeLessThan(18.6);
      expect(population).toBeGreaterThanOrEqual(0);
      ids.add(`${name}|${province}`);
    }
    expect(ids.size).toBe(places.length);
  });

  it("is loaded once", async () => {
    expect(await loadGazetteer()).toBe(search);
  });

  it.each([
    ["Milano", "Milano (MI)", 45.4643, 9.1895],
    ["Roma", "Roma (RM)", 41.8919, 12.5113],
    ["Sesto San Giovanni", "Sesto San Giovanni (MI)", 45.5333, 9.2259],
    ["Bari", "Bari (BA)", 41.1207, 16.8698],
    ["Via Roma 5, Sesto San Giovanni (MI)", "Sesto San Giovanni (MI)", 45.5333, 9.2259],
    ["corso Buenos Aires Milano", "Milano (MI)", 45.4643, 9.1895],
  ])("resolves %j", (text, expected, lat, lng) => {
    const place = search.resolve(text);
    expect(place && placeLabel(place)).toBe(expected);
    expect(place?.lat).toBeCloseTo(lat, 3);
    expect(place?.lng).toBeCloseTo(lng, 3);
  });

  it.each([
    ["Napoli", "Napoli (NA)"],
    ["Torino", "Torino (TO)"],
    ["Firenze", "Firenze (FI)"],
    ["Venezia", "Venezia (VE)"],
    ["Genova", "Genova (GE)"],
    ["Padova", "Padova (PD)"],
    ["Mantova", "Mantova (MN)"],
    ["Siracusa", "Siracusa (SR)"],
    ["Livorno", "Livorno (LI)"],
    ["Florence", "Firenze (FI)"],
    ["Reggio Emilia", "Reggio nell'Emilia (RE)"],
  ])("names the big cities in Italian: %s", (text, expected) => {
    expect(label(text)).toBe(expected);
  });

  it("suggests Sesto San Giovanni for 'sesto' and Milano first for 'mil'", () => {
    expect(search.suggest("sesto").map(placeLabel)).toContain("Sesto San Giovanni (MI)");
    expect(search.suggest("mil").map(placeLabel)[0]).toBe("Milano (MI)");
  });
});
