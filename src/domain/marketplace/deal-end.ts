import { z } from "zod";
import { WEEK_DAYS, type WeeklyHours, weeklyHoursSchema } from "../people/opening-hours.ts";
import { DEFAULT_HOLD_CHOICE, type HoldChoice } from "./pickup-hold.ts";

export { DEAL_END_LABELS, DEAL_END_REFUSALS, DEAL_SYSTEM_LINES } from "./deal-end-messages.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every deal ends (docs/product.md, 'Every deal ends'): an accepted deal that the shop has not
 * verified at its till is closed DEAL_OPEN_MS after its acceptance by the closeStaleDeals job
 * (functions/src/deals/close-stale-deals.ts): the offer → expired, the request → expired, renewable by
 * the buyer. acceptOffer writes the offer's dealClosesAt; the job reads offers by it, DEAL_CLOSE_PAGE at
 * a time, and each handled offer leaves the query (the field removed).
 */
export const DEAL_OPEN_MS = 14 * DAY_MS;
export const DEAL_CLOSE_PAGE = 100;

export function dealClosesAt(acceptedAt: Date): Date {
  return new Date(acceptedAt.getTime() + DEAL_OPEN_MS);
}

/**
 * What the buyer's screen showed of the hold before 'Accetta': the shop's choice (its length), the
 * pickup address and the opening hours (which fix the hold's end). acceptOffer recomputes it from the
 * offer and the shop's public profile and refuses a different one (DEAL_END_REFUSALS.holdChanged).
 */
export type HoldTerms = {
  holdChoice?: HoldChoice | undefined;
  address?: string | undefined;
  weeklyHours?: WeeklyHours | undefined;
};

function hoursKey(hours: WeeklyHours | undefined): string {
  if (!hours) return "";
  return WEEK_DAYS.map((day) => (hours[day] ?? []).map((range) => `${range.open}-${range.close}`).join(","))
    .join(";")
    .replace(/^;+$/, "");
}

/** FNV-1a, 32 bits, as 8 hex digits: short and the same in the browser and the functions. */
function fnv(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** The fingerprint of the hold terms: 'nextClose:1a2b3c4d5e6f7a8b' (the choice readable, the rest hashed). */
export function holdFingerprint(terms: HoldTerms): string {
  const choice = terms.holdChoice ?? DEFAULT_HOLD_CHOICE;
  const rest = `${(terms.address ?? "").trim().replace(/\s+/g, " ")}|${hoursKey(terms.weeklyHours)}`;
  return `${choice}:${fnv(rest, 0x811c9dc5)}${fnv(rest, 0x01000193)}`;
}

/** The shop's side of the hold terms from its public profile's `shop` map (profiles/{uid}.shop). */
export function shopHoldTerms(shop: unknown): Pick<HoldTerms, "address" | "weeklyHours"> {
  const map = (typeof shop === "object" && shop !== null ? shop : {}) as Record<string, unknown>;
  const hours = weeklyHoursSchema.safeParse(map.weeklyHours);
  return {
    ...(typeof map.address === "string" ? { address: map.address } : {}),
    ...(hours.success && map.weeklyHours !== undefined ? { weeklyHours: hours.data } : {}),
  };
}

export const holdFingerprintSchema = z.string().min(1).max(64);
