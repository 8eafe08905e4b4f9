import { describe, expect, it } from "vitest";
import { emptyMarketCell, type MarketMonth, marketCellKey } from "./market-rollups";
import { foldShards, marketShardId, shardsOf } from "./market-shards";

const cell = (day: string, comune: string, category: "casa" | "sport", published: number) => ({
  ...emptyMarketCell({ day, comune, category }),
  published,
});

describe("market shards", () => {
  it("one shard per day and comune, its cells by category", () => {
    const shards = shardsOf("2026-11-20", [
      cell("2026-11-20", "Milano", "casa", 2),
      cell("2026-11-20", "Milano", "sport", 1),
      cell("2026-11-20", "Sesto San Giovanni", "casa", 4),
      cell("2026-11-21", "Milano", "casa", 9),
    ]);
    expect(shards.map((shard) => [shard.comune, Object.keys(shard.cells)])).toEqual([
      ["milano", ["casa", "sport"]],
      ["sesto-san-giovanni", ["casa"]],
    ]);
    expect(marketShardId("2026-11-20", "Sesto San Giovanni")).toBe("2026-11-20_sesto-san-giovanni");
  });

  it("folding replaces a shard's day and comune, keeps the rest, and an empty shard takes its cells off", () => {
    const kept = cell("2026-11-20", "Monza", "casa", 5);
    const old = cell("2026-11-20", "Milano", "sport", 3);
    const summary: MarketMonth = {
      month: "2026-11",
      cells: { [marketCellKey(kept)]: kept, [marketCellKey(old)]: old },
      shopDays: {},
    };
    const fresh = cell("2026-11-20", "Milano", "casa", 7);
    const folded = foldShards(summary, [
      { day: "2026-11-20", comune: "milano", cells: { casa: fresh } },
      { day: "2026-12-01", comune: "milano", cells: { casa: cell("2026-12-01", "Milano", "casa", 1) } },
    ]);
    expect(folded.cells).toEqual({ [marketCellKey(fresh)]: fresh, [marketCellKey(kept)]: kept });
    const emptied = foldShards(folded, [{ day: "2026-11-20", comune: "monza", cells: {} }]);
    expect(Object.keys(emptied.cells)).toEqual([marketCellKey(fresh)]);
  });
});
