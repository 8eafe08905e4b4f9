import { useQuery } from "@tanstack/react-query";
import { fetchMarketMonths } from "@/data/market-rollups";
import { MARKET_MAX_PERIOD_DAYS, marketMonth, shiftDay } from "@/domain/market/market-rollups";

const keys = { months: (today: string) => ["admin-market", today] as const };

/**
 * The rollup months covering the longest period ending `today`: read once (at most 4 documents), so
 * switching the period, the comune or the category reads nothing more.
 */
export function useMarketMonths(today: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.months(today),
    queryFn: () => fetchMarketMonths(marketMonth(shiftDay(today, 1 - MARKET_MAX_PERIOD_DAYS))),
    enabled,
  });
}
