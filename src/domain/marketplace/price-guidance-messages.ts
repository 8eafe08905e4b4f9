import { formatEuro } from "../billing/pricing.ts";

/** Where a shop's price sits among similar offers nearby: never a percentile, only one of three bands. */
export const PRICE_BANDS = ["low", "middle", "high"] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];

/** The range a buyer sees: rounded prices (price-guidance.ts) and how many offers back it. */
export type PriceRange = { min: number; max: number; count: number };

/**
 * Local price guidance's texts (the buyer's hint on /create, the shop's on /make-offer, the unmet demand
 * tile) and the priceGuidance callable's refusals. Prices with their cents, the Italian way ('24,90 €'):
 * the shared formatEuro.
 */
export const PRICE_GUIDANCE_MESSAGES = {
  range: (range: PriceRange) =>
    `Nella tua zona i negozi hanno offerto di solito da ${formatEuro(range.min)} a ${formatEuro(range.max)} (${range.count} offerte)`,
  band: {
    low: "Il tuo prezzo è tra il 20 % più basso delle offerte simili in zona",
    middle: "Il tuo prezzo è nella media delle offerte simili in zona",
    high: "Il tuo prezzo è tra il 20 % più alto delle offerte simili in zona",
  } satisfies Record<PriceBand, string>,
  useRange: "Usa come budget",
  unavailable: "Non è stato possibile leggere i prezzi in zona. Riprova.",
  tooManyRequests: "Hai consultato i prezzi in zona troppe volte nell'ultima ora. Riprova più tardi.",
  unmetDemandTitle: "Richieste senza offerte vicino a te",
  unmetDemandEmpty: "Nessuna richiesta senza offerte in zona negli ultimi 7 giorni.",
} as const;
