import { dictateOfferInputSchema, dictateOfferOutputSchema } from "@/domain/marketplace/offer-dictation";
import { callable } from "./callables";

/**
 * dictateOffer ('Detta l'offerta', 0.5 tokens): Leonardo turns what the shop said into the offer form's
 * fields. The function checks the shop, the active request and the balance, and spends the tokens;
 * `outOfTokens` comes back with no fields. It writes no offer.
 */
export const dictateOffer = callable("dictateOffer", dictateOfferInputSchema, dictateOfferOutputSchema);
