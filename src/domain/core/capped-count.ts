import { REQUEST_QUERY_LIMIT } from "./limits.ts";

/**
 * A count as a dashboard shows it: from `cap` on it reads "50+". Lists and the count aggregations the
 * rules allow stop at REQUEST_QUERY_LIMIT, so a count below the cap is exact and one that reaches it is a
 * lower bound (the buyer's and the shop's dashboards).
 */
export function formatCappedCount(count: number, cap: number = REQUEST_QUERY_LIMIT): string {
  return count >= cap ? `${cap}+` : String(count);
}
