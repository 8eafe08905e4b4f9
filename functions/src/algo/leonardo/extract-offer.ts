import type { DictatedOfferFields } from "@/domain/marketplace/offer-dictation";
import { fold, tidy } from "../offline/text";
import { describeOffer, productWords } from "./describe-offer";
import { extractAvailability } from "./extract-availability";
import { extractCondition } from "./extract-condition";
import { extractDelivery } from "./extract-delivery";
import { extractPrice } from "./extract-price";

/**
 * The offline Leonardo for a dictated offer: one extractor per field over the folded transcript (price,
 * delivery, availability, condition), then a description in the shop's voice from what is left. Pure and
 * deterministic; used without a Gemini key and when Gemini fails. A price is filled only when one was
 * said; otherwise `priceMissing` is set and the price stays empty.
 */
export interface OfferExtraction {
  fields: DictatedOfferFields;
  priceMissing: boolean;
}

export function extractOffer(transcript: string, context: { productName?: string } = {}): OfferExtraction {
  const original = tidy(transcript);
  const folded = fold(original);
  const price = extractPrice(folded);
  const deliveryOptions = extractDelivery(folded);
  const availability = extractAvailability(folded, original);
  const condition = extractCondition(folded);
  const taken = [price, availability].filter((span) => span !== undefined);
  const product = productWords(folded, original, taken);
  const description = describeOffer({
    product,
    ...(context.productName ? { requestProduct: context.productName } : {}),
    ...(condition ? { condition } : {}),
    ...(price ? { price: price.value } : {}),
    ...(deliveryOptions ? { deliveryOptions } : {}),
    ...(availability ? { availability: availability.text } : {}),
  });
  return {
    fields: {
      ...(price ? { price: price.value } : {}),
      ...(deliveryOptions ? { deliveryOptions } : {}),
      ...(availability ? { estimatedDeliveryTime: availability.text } : {}),
      ...(condition ? { condition } : {}),
      description,
    },
    priceMissing: price === undefined,
  };
}
