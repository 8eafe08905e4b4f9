import { describe, expect, it } from "vitest";
import { marketCsv } from "./market-csv";
import { histogramPercentile, isHiddenGroup, marketDashboard } from "./market-dashboard";
import {
  comuneKey,
  comuneOf,
  daysEnding,
  emptyMarketCell,
  type MarketCell,
  type MarketMonth,
  marketCellKey,
  marketDay,
  monthsBetween,
} from "./market-rollups";

const cell = (fields: Partial<MarketCell> & Pick<MarketCell, "day" | "comune" | "category">): MarketCell => ({
  ...emptyMarketCell(fields),
  ...fields,
});

function months(...cells: MarketCell[]): MarketMonth[] {
  const byMonth = new Map<string, MarketMonth>();
  for (const one of cells) {
    const month = one.day.slice(0, 7);
    const doc = byMonth.get(month) ?? { month, cells: {}, shopDays: {} };
    doc.cells[marketCellKey(one)] = one;
    byMonth.set(month, doc);
  }
  return [...byMonth.values()];
}

describe("market rollup keys", () => {
  it("days follow the Italian calendar", () => {
    expect(marketDay(new Date("2026-11-27T23:30:00Z"))).toBe("2026-11-28");
    expect(marketDay(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
    expect(marketDay(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
    expect(daysEnding("2026-12-02", 3)).toEqual(["2026-11-30", "2026-12-01", "2026-12-02"]);
    expect(monthsBetween("2026-09-01", "2026-11-29")).toEqual(["2026-09", "2026-10", "2026-11"]);
  });

  it("the comune is the zone's last part, never the street", () => {
    expect(comuneOf("Isola, Milano")).toBe("Milano");
    expect(comuneOf("Via Roma 5, Sesto San Giovanni")).toBe("Sesto San Giovanni");
    expect(comuneKey("Sesto San Giovanni")).toBe("sesto-san-giovanni");
    expect(comuneKey("Cantù")).toBe("cantu");
  });
});

describe("histogramPercentile", () => {
  it("takes the nearest rank", () => {
    expect(histogramPercentile({}, 50)).toBeNull();
    expect(histogramPercentile({ "10": 1 }, 90)).toBe(10);
    // 1, 2, 3, 4, 100 → median 3, p90 100
    expect(histogramPercentile({ "1": 1, "2": 1, "3": 1, "4": 1, "100": 1 }, 50)).toBe(3);
    expect(histogramPercentile({ "1": 1, "2": 1, "3": 1, "4": 1, "100": 1 }, 90)).toBe(100);
    expect(histogramPercentile({ "5": 9, "60": 1 }, 90)).toBe(5);
  });
});

describe("marketDashboard", () => {
  const today = "2026-11-28";
  const data = months(
    cell({
      day: "2026-11-28",
      comune: "Milano",
      category: "casa",
      published: 4,
      withOffer: 3,
      offeredWithin24h: 2,
      offers: 5,
      accepted: 1,
      completed: 1,
      firstOfferMinutes: { "30": 1, "90": 1, "2000": 1 },
      shops: ["a", "b"],
    }),
    cell({
      day: "2026-11-27",
      comune: "Milano",
      category: "sport",
      published: 2,
      withOffer: 1,
      offeredWithin24h: 1,
      offers: 1,
      firstOfferMinutes: { "10": 1 },
      shops: ["b"],
    }),
    cell({ day: "2026-10-01", comune: "Monza", category: "casa", published: 5 }),
  );

  it("sums the period's cells", () => {
    const board = marketDashboard(data, { period: 7, today });
    expect(board.totals).toMatchObject({
      published: 6,
      withOffer: 4,
      offeredWithin24h: 3,
      offers: 6,
      offersPerRequest: 1,
      accepted: 1,
      completed: 1,
      medianMinutes: 30,
      p90Minutes: 2000,
      activeShops: 2,
      unanswered: 2,
    });
    expect(board.totals?.quickShare).toBeCloseTo(0.5);
    expect(board.days).toHaveLength(7);
    // 27 Nov had 2 requests: hidden.
    expect(board.days.at(-2)).toEqual({ day: "2026-11-27", published: null, quickShare: null });
    expect(board.days.at(-1)).toEqual({ day: today, published: 4, quickShare: 0.5 });
    expect(board.days[0]).toEqual({ day: "2026-11-22", published: 0, quickShare: null });
  });

  it("shares the offers by origin, and compares the time to the first offer with the period before", () => {
    const withOrigins = months(
      cell({
        day: "2026-11-28",
        comune: "Milano",
        category: "casa",
        published: 4,
        withOffer: 4,
        offers: 8,
        offersFromNotification: 2,
        offersFromCatalogue: 4,
        firstOfferMinutes: { "15": 3, "40": 1 },
      }),
      // The week before: slower.
      cell({
        day: "2026-11-18",
        comune: "Milano",
        category: "casa",
        published: 3,
        withOffer: 3,
        offers: 3,
        firstOfferMinutes: { "120": 2, "600": 1 },
      }),
    );
    const week = marketDashboard(withOrigins, { period: 7, today });
    expect(week.totals).toMatchObject({ notificationShare: 0.25, catalogueShare: 0.5, medianMinutes: 15 });
    expect(week.previousMedianMinutes).toBe(120);
    // 90 days: the 90 before are not loaded, so no comparison.
    expect(marketDashboard(withOrigins, { period: 90, today }).previousMedianMinutes).toBeNull();
    // Under 3 requests before: hidden.
    expect(marketDashboard(data, { period: 7, today }).previousMedianMinutes).toBeNull();
  });

  it("filters by comune and category, and hides groups under 3 requests", () => {
    expect(marketDashboard(data, { period: 7, today, category: "sport" }).totals).toBeNull();
    const milano = marketDashboard(data, { period: 90, today, comune: "milano" });
    expect(milano.totals?.published).toBe(6);
    expect(milano.unansweredByCategory.map((row) => row.key)).toEqual(["casa"]);
    expect(milano.hiddenGroups).toBe(1);
    const all = marketDashboard(data, { period: 90, today });
    expect(all.unansweredByComune).toEqual([
      { key: "monza", label: "Monza", published: 5, unanswered: 5 },
      { key: "milano", label: "Milano", published: 6, unanswered: 2 },
    ]);
    expect(isHiddenGroup(0)).toBe(false);
  });

  it("counts the shop days of the period", () => {
    const withShops = data.map((month) =>
      month.month === "2026-11"
        ? {
            ...month,
            shopDays: {
              "2026-11-25": { newShops: 2, lapsedPlans: 1 },
              "2026-11-01": { newShops: 7, lapsedPlans: 0 },
            },
          }
        : month,
    );
    expect(marketDashboard(withShops, { period: 7, today }).shops).toEqual({ newShops: 2, lapsedPlans: 1 });
  });

  it("writes the same numbers as CSV, hidden ones as '< 3'", () => {
    const csv = marketCsv(marketDashboard(data, { period: 7, today }));
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("sezione;voce;valore");
    expect(lines).toContain("totali;Richieste pubblicate;6");
    expect(lines).toContain("totali;Con un'offerta entro 24 ore (%);50.0");
    expect(lines).toContain("totali;Offerte per richiesta;1");
    expect(lines).toContain("giorno;2026-11-27 Pubblicate;< 3");
    expect(lines).toContain("senza offerte per categoria;casa;1");
    const hidden = marketCsv(marketDashboard(data, { period: 7, today, category: "sport" }));
    expect(hidden).toContain("totali;Richieste pubblicate;< 3");
  });
});
