import {
  acceptOfferInputSchema,
  acceptOfferOutputSchema,
  completeTransactionInputSchema,
  completeTransactionOutputSchema,
  rejectOfferInputSchema,
  rejectOfferOutputSchema,
  submitOfferInputSchema,
  submitOfferOutputSchema,
} from "@/domain/boundary/callables";
import { shopHoldTerms } from "@/domain/marketplace/deal-end";
import { callable } from "./callables";

/**
 * Making and closing a deal (spec §4, architecture §2): sending an offer (which opens the buyer's
 * conversation), accepting, rejecting and completing touch another user's data, so they are callables
 * (functions/src/offers, functions/src/deals).
 */
export const submitOffer = callable("submitOffer", submitOfferInputSchema, submitOfferOutputSchema);

export const acceptOffer = callable("acceptOffer", acceptOfferInputSchema, acceptOfferOutputSchema);

export const rejectOffer = callable("rejectOffer", rejectOfferInputSchema, rejectOfferOutputSchema);

export const completeTransaction = callable(
  "completeTransaction",
  completeTransactionInputSchema,
  completeTransactionOutputSchema,
);

/**
 * The shop's side of the hold (address, hours) from its public profile, for the accept dialog: read when
 * the dialog opens (profiles.ts loads with it), so the chat's first paint does not carry it.
 */
export async function shopHold(merchantId: string) {
  const { getPublicProfile } = await import("./profiles");
  return shopHoldTerms((await getPublicProfile(merchantId))?.shop);
}

/** The buyer's two decisions, as the shared OfferDecision (components/marketplace) takes them. */
export const dealDecisionCalls = { acceptOffer, rejectOffer, shopHold };
