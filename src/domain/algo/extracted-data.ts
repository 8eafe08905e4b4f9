import { compact, sanitizeRequestFields } from "../core/field-sanitizers.ts";
import type { AlgoExtractedData } from "./algo.ts";

/**
 * The fields Algo collects during a conversation: cleaned on the way in (whatever a model says or a
 * stored conversation holds is untrusted) and merged turn by turn.
 */

/** Untrusted extracted data → the clean subset (never throws; unknown keys and the location dropped). */
export function sanitizeExtractedData(raw: unknown): AlgoExtractedData {
  return sanitizeRequestFields(raw, { negativeAmounts: "zero" });
}

/**
 * Later values win field by field (a correction replaces what was said before); budget and product
 * details merge their own keys. A budget whose merge inverts min and max keeps the newer bound only.
 */
export function mergeExtractedData(previous: AlgoExtractedData, next: AlgoExtractedData): AlgoExtractedData {
  const merged: AlgoExtractedData = { ...previous, ...compact(next) };
  if (previous.budget || next.budget) {
    if (next.budget && next.budget.min !== undefined && next.budget.max !== undefined) {
      merged.budget = { ...next.budget };
    } else {
      const budget = { ...previous.budget, ...compact(next.budget ?? {}) };
      merged.budget =
        budget.min !== undefined && budget.max !== undefined && budget.min > budget.max
          ? compact({ ...next.budget })
          : budget;
    }
  }
  if (previous.productDetails || next.productDetails) {
    merged.productDetails = { ...previous.productDetails, ...compact(next.productDetails ?? {}) };
  }
  if (previous.location || next.location) merged.location = next.location ?? previous.location;
  return merged;
}
