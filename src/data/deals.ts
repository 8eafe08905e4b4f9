import {
  acceptOfferInputSchema,
  acceptOfferOutputSchema,
  completeTransactionInputSchema,
  completeTransactionOutputSchema,
  rejectOfferInputSchema,
  rejectOfferOutputSchema,
} from "@/domain/callables";
import { callable } from "./callables";

/**
 * Closing a deal (spec §4, architecture §2): accepting, rejecting and completing touch another user's
 * data, so they are callables (functions/src/deals).
 */
export const acceptOffer = callable("acceptOffer", acceptOfferInputSchema, acceptOfferOutputSchema);

export const rejectOffer = callable("rejectOffer", rejectOfferInputSchema, rejectOfferOutputSchema);

export const completeTransaction = callable(
  "completeTransaction",
  completeTransactionInputSchema,
  completeTransactionOutputSchema,
);
