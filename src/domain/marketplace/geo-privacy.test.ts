import { describe, expect, it } from "vitest";
import { distanceKm } from "../geo/geo.ts";
import { coarsePosition, isOnPublicGrid, requestZone } from "./geo-privacy.ts";
import { PUBLISHING_MESSAGES } from "./publishing-messages.ts";

describe("coarsePosition", () => {
  it("snaps to the 0.01° grid, exactly", () => {
    expect(coarsePosition({ lat: 45.474_63, lng: 9.205_31 })).toEqual({ lat: 45.47, lng: 9.21 });
    expect(coarsePosition({ lat: -33.868_8, lng: -0.004 })).toEqual({ lat: -33.87, lng: 0 });
    const { lat, lng } = coarsePosition({ lat: 45.4642, lng: 9.19 });
    expect(isOnPublicGrid(lat) && isOnPublicGrid(lng)).toBe(true);
    expect(isOnPublicGrid(45.4642)).toBe(false);
  });

  it("moves a point by at most ~0.8 km in Italy, and points of one block share a node", () => {
    for (const point of [
      { lat: 45.464_99, lng: 9.194_99 },
      { lat: 37.505, lng: 15.085 },
      { lat: 41.902_78, lng: 12.496_37 },
    ]) {
      expect(distanceKm(point, coarsePosition(point))).toBeLessThan(0.8);
    }
    expect(coarsePosition({ lat: 45.4641, lng: 9.1901 })).toEqual(
      coarsePosition({ lat: 45.4638, lng: 9.1897 }),
    );
  });
});

describe("requestZone", () => {
  it.each([
    ["Via Roma 5, Sesto San Giovanni (MI)", "Sesto San Giovanni (MI)"],
    ["Via Roma 5 Torino", "Torino"],
    ["C.so Buenos Aires 12/a, 20124 Milano", "Milano"],
    ["Isola, Milano", "Isola, Milano"],
    ["Piazza del Duomo, Milano", "Milano"],
    ["Milano, Viale Monza 140", "Milano"],
    ["20099 Sesto San Giovanni", "Sesto San Giovanni"],
    ["Bologna", "Bologna"],
  ])("%s → %s", (address, zone) => {
    expect(requestZone(address)).toBe(zone);
  });

  it("never passes a street on: a street alone gives the generic label", () => {
    expect(requestZone("Via Roma 5")).toBe(PUBLISHING_MESSAGES.zoneUnknown);
    expect(requestZone("Corso Vittorio Emanuele")).toBe(PUBLISHING_MESSAGES.zoneUnknown);
  });
});
