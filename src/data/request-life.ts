import {
  cancelDealInputSchema,
  closeRequestInputSchema,
  renewRequestInputSchema,
  requestLifeOutputSchema,
  withdrawOfferInputSchema,
  withdrawOfferOutputSchema,
} from "@/domain/marketplace/request-life";
import { callable } from "./callables";

/**
 * The request's life (architecture §2): closing, renewing, cancelling an accepted deal and withdrawing
 * an offer change statuses, which only functions write (functions/src/requests, deals/cancel-deal.ts,
 * offers/withdraw-offer.ts); the rules refuse them from clients.
 */
export const closeRequest = callable("closeRequest", closeRequestInputSchema, requestLifeOutputSchema);

export const renewRequest = callable("renewRequest", renewRequestInputSchema, requestLifeOutputSchema);

export const cancelDeal = callable("cancelDeal", cancelDealInputSchema, requestLifeOutputSchema);

export const withdrawOffer = callable("withdrawOffer", withdrawOfferInputSchema, withdrawOfferOutputSchema);
