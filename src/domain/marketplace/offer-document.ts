import { type NewOfferInput, newOfferInputSchema, type OfferTerms, offerTermsSchema } from "./offer.ts";
import type { OfferOrigin } from "./offer-origin.ts";
import { DEFAULT_HOLD_CHOICE } from "./pickup-hold.ts";
import { INITIAL_OFFER_STATUS } from "./state-machine.ts";

/**
 * offers/{requestId}_{merchantId} as submitOffer writes it (functions/src/offers, which the seed runs
 * too), and the fields a merchant may change while it is pending. Pure: `now` gives the writer's time
 * value.
 */
export function buildOfferDocument<Time>(
  merchantId: string,
  // The origin comes checked by submitOffer's input schema (callables.ts); the feed when not said.
  input: NewOfferInput & { origin?: OfferOrigin | undefined },
  now: () => Time,
) {
  const draft = newOfferInputSchema.parse(input);
  return {
    requestId: draft.requestId,
    merchantId,
    customerId: draft.customerId,
    merchantName: draft.merchantName,
    price: draft.price,
    description: draft.description,
    deliveryOptions: draft.deliveryOptions,
    ...(draft.estimatedDeliveryTime ? { estimatedDeliveryTime: draft.estimatedDeliveryTime } : {}),
    ...(draft.additionalNotes ? { additionalNotes: draft.additionalNotes } : {}),
    ...(draft.productName ? { productName: draft.productName } : {}),
    status: INITIAL_OFFER_STATUS,
    aiGenerated: draft.aiGenerated,
    holdChoice: draft.holdChoice ?? DEFAULT_HOLD_CHOICE,
    origin: input.origin ?? "feed",
    createdAt: now(),
    updatedAt: now(),
  };
}

/**
 * What an edit of a pending offer writes: only the fields the rules let a merchant change. A cleared
 * optional text becomes `remove()` (the SDK's deleteField sentinel).
 */
export function pendingOfferUpdate<Time, Removal>(input: OfferTerms, now: () => Time, remove: () => Removal) {
  const draft = offerTermsSchema.parse(input);
  return {
    price: draft.price,
    description: draft.description,
    deliveryOptions: draft.deliveryOptions,
    estimatedDeliveryTime: draft.estimatedDeliveryTime || remove(),
    additionalNotes: draft.additionalNotes || remove(),
    ...(draft.holdChoice ? { holdChoice: draft.holdChoice } : {}),
    updatedAt: now(),
  };
}
