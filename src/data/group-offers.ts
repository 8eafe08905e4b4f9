import { groupOfferInputSchema, groupOfferOutputSchema } from "@/domain/marketplace/group-offer";
import { callable } from "./callables";

/**
 * 'Un'offerta per tutti': one offer per request of a group, each as submitOffer sends it
 * (functions/src/offers/submit-group-offer.ts). Apart from ./deals.ts so that the chat, which loads the
 * deal's callables, does not carry the group's schemas and the similarity of products.
 */
export const submitGroupOffer = callable("submitGroupOffer", groupOfferInputSchema, groupOfferOutputSchema);
