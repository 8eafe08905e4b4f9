// The enumerations' values (spec §3) without zod: a route's first reads (the shop's feed) compute
// their queries from them before zod has loaded (src/features/browse/api/first-reads.ts). ./enums.ts
// builds the schemas and labels from them.

export const URGENCIES = ["subito", "ore", "giornata", "48h", "giorni"] as const;
export type UrgencyValue = (typeof URGENCIES)[number];

/**
 * Categories a merchant can filter by (spec §3). The stored value is the spec's text,
 * space included ("strumenti musicali"); encode it when it goes into a URL.
 */
export const BROWSE_CATEGORIES = [
  "elettronica",
  "abbigliamento",
  "casa",
  "sport",
  "automotive",
  "strumenti musicali",
] as const;

/** A request may also be `generale` (the publishing default, spec §5): what Algo could not place. */
export const GENERAL_CATEGORY = "generale";
export const REQUEST_CATEGORIES = [...BROWSE_CATEGORIES, GENERAL_CATEGORY] as const;
export type RequestCategoryValue = (typeof REQUEST_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<RequestCategoryValue, string> = {
  elettronica: "Elettronica",
  abbigliamento: "Abbigliamento",
  casa: "Casa",
  sport: "Sport",
  automotive: "Automotive",
  "strumenti musicali": "Strumenti musicali",
  generale: "Generale",
};

/**
 * Lenient category parsing for AI output and URL parameters: case, surrounding blanks,
 * `_`/`-` instead of the space are tolerated. Unknown values give `undefined`.
 */
export function parseRequestCategory(value: unknown): RequestCategoryValue | undefined {
  if (typeof value !== "string") return undefined;
  const normalised = value.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  return REQUEST_CATEGORIES.find((category) => category === normalised);
}

/** Radius filter of the browse page, in km (spec §3). */
export const RADIUS_OPTIONS_KM = [5, 10, 20, 50, 100] as const;
export type RadiusOptionValue = (typeof RADIUS_OPTIONS_KM)[number];
