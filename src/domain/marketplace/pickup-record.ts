import { z } from "zod";
import { idSchema } from "../core/fields.ts";

export { NO_SHOW_REFUSALS } from "./pickup-hold-messages.ts";

/**
 * A buyer's record of holds collected and not collected: pickupRecords/{buyerId}, kept by the functions
 * (verifyPickup counts a collection, markNoShow a no-show). Shops that have an offer for the buyer read
 * it as a plain count on their conversation ('3 ritiri su 3', copied there by submitOffer), never as a
 * public label.
 */
export const pickupTallySchema = z.object({
  collected: z.number().int().min(0),
  missed: z.number().int().min(0),
});
export type PickupTally = z.infer<typeof pickupTallySchema>;

/** The stored counts, 0 for what is missing. */
export function readPickupTally(data: unknown): PickupTally {
  const record = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  const count = (value: unknown) => (typeof value === "number" && value > 0 ? Math.floor(value) : 0);
  return { collected: count(record.collected), missed: count(record.missed) };
}

/** '3 ritiri su 3' (collected of the holds that ended one way or the other); null before the first. */
export function pickupTallyText(tally: PickupTally | undefined): string | null {
  if (!tally) return null;
  const total = tally.collected + tally.missed;
  if (total === 0) return null;
  return `${tally.collected} ${tally.collected === 1 ? "ritiro" : "ritiri"} su ${total}`;
}

export const NO_SHOW_MESSAGES = {
  tallyLabel: "Ritiri del cliente",
  mark: "Non ritirato",
  marked: "Non ritirato: l'articolo non è più tenuto da parte.",
  confirmTitle: "Segnare come non ritirato?",
  confirmIntro:
    "L'articolo torna disponibile, il cliente riceve un avviso e il ritiro mancato entra nel conteggio dei suoi ritiri.",
  keep: "Indietro",
  confirm: "Sì, non ritirato",
} as const;

/** What markNoShow refuses with (known-messages.ts knows them, so the app shows them as they are). */
export const markNoShowInputSchema = z.object({ offerId: idSchema });
export type MarkNoShowInput = z.infer<typeof markNoShowInputSchema>;
export const markNoShowOutputSchema = z.object({ offerId: idSchema, noShow: z.literal(true) });
export type MarkNoShowOutput = z.infer<typeof markNoShowOutputSchema>;

/** readPickupRecord({offerId}): the buyer's record now, for the shop of a pending or accepted offer. */
export const readPickupRecordInputSchema = z.object({ offerId: idSchema });
export type ReadPickupRecordInput = z.infer<typeof readPickupRecordInputSchema>;
export const readPickupRecordOutputSchema = pickupTallySchema;
