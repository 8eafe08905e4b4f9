import { z } from "zod";
import { DELIVERY_OPTIONS, deliveryOptionSchema } from "../core/enums.ts";
import { DESCRIPTION_MAX_LENGTH } from "../core/limits.ts";
import type { WeeklyHours } from "../people/opening-hours.ts";
import { holdFingerprint, holdFingerprintSchema } from "./deal-end.ts";
import { type Offer, priceSchema } from "./offer.ts";

// What the buyer accepts, apart from the offer's own shape so that the hold's fingerprint (deal-end.ts)
// is loaded only by the buyer's accept dialog and the callables, not by every page that shows an offer.

/**
 * What the buyer accepts (acceptOffer): the price, the description and the delivery options as the
 * app displayed them. Lengths are the offer's own (a stored offer never exceeds them).
 */
export const acceptedTermsSchema = z.object({
  price: priceSchema,
  description: z.string().max(DESCRIPTION_MAX_LENGTH),
  deliveryOptions: z.array(deliveryOptionSchema).min(1).max(DELIVERY_OPTIONS.length),
  /** The hold as shown: its length, the pickup address and the hours (deal-end.ts holdFingerprint). */
  hold: holdFingerprintSchema,
});
export type AcceptedTerms = z.infer<typeof acceptedTermsSchema>;

/** The terms of an offer as the buyer sees it, with the shop's address and hours shown, to send with Accetta. */
export function acceptedTermsOf(
  offer: Pick<Offer, "price" | "description" | "deliveryOptions" | "holdChoice">,
  shop: { address?: string | undefined; weeklyHours?: WeeklyHours | undefined } = {},
): AcceptedTerms {
  return {
    price: offer.price,
    description: offer.description,
    deliveryOptions: [...offer.deliveryOptions],
    hold: holdFingerprint({ holdChoice: offer.holdChoice, ...shop }),
  };
}

/** True when the stored offer still holds exactly the terms the buyer saw (delivery options in any order). */
export function sameAcceptedTerms(
  seen: AcceptedTerms,
  stored: {
    price?: number | undefined;
    description?: string | undefined;
    deliveryOptions?: readonly string[] | undefined;
  },
): boolean {
  const options = (list: readonly string[] = []) => [...list].sort().join(",");
  return (
    seen.price === stored.price &&
    seen.description === stored.description &&
    options(seen.deliveryOptions) === options(stored.deliveryOptions)
  );
}
