import { DELIVERY_OPTIONS, type DeliveryOption } from "@/domain/core/enums";
import { deliveryOptionsFromPreference } from "@/domain/marketplace/delivery-options";
import type { Offer } from "@/domain/marketplace/offer";
import { DEFAULT_HOLD_CHOICE, HOLD_CHOICES, type HoldChoice } from "@/domain/marketplace/pickup-hold";
import type { Request } from "@/domain/marketplace/request";
import { type OfferDraft, readOfferDraft } from "@/lib/offer-draft";

/** The make-offer form's starting values, as its inputs hold them. */
export type OfferFormInitial = {
  price: string;
  description: string;
  deliveryOptions: readonly DeliveryOption[];
  estimatedDeliveryTime: string;
  additionalNotes: string;
  aiGenerated: boolean;
  holdChoice?: HoldChoice;
};

/**
 * What /make-offer's form opens with: the offer kept while the shop chose a plan, else its pending
 * offer to edit, else empty with the delivery the buyer asked for.
 */
export function initialValues(request: Request, offer: Offer | null, given?: OfferDraft): OfferFormInitial {
  // The catalogue's draft the feed's link handed over, or the offer kept while the shop chose a plan.
  const draft = offer ? null : (given ?? readOfferDraft(request.id));
  if (draft) {
    const deliveryOptions = draft.deliveryOptions.filter((option): option is DeliveryOption =>
      (DELIVERY_OPTIONS as readonly string[]).includes(option),
    );
    return {
      ...draft,
      holdChoice: HOLD_CHOICES.find((choice) => choice === draft.holdChoice) ?? DEFAULT_HOLD_CHOICE,
      deliveryOptions:
        deliveryOptions.length > 0
          ? deliveryOptions
          : deliveryOptionsFromPreference(request.deliveryPreference),
    };
  }
  if (offer) {
    return {
      price: offer.price.toLocaleString("it-IT", { maximumFractionDigits: 2, useGrouping: false }),
      description: offer.description,
      deliveryOptions: offer.deliveryOptions,
      estimatedDeliveryTime: offer.estimatedDeliveryTime ?? "",
      additionalNotes: offer.additionalNotes ?? "",
      aiGenerated: offer.aiGenerated,
      holdChoice: offer.holdChoice ?? DEFAULT_HOLD_CHOICE,
    };
  }
  return {
    price: "",
    description: "",
    deliveryOptions: deliveryOptionsFromPreference(request.deliveryPreference),
    estimatedDeliveryTime: "",
    additionalNotes: "",
    aiGenerated: false,
    holdChoice: DEFAULT_HOLD_CHOICE,
  };
}
