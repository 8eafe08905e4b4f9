import { CONVERSATION_CLOSED_BY, type Conversation } from "@/domain/marketplace/conversation";
import { CHAT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import type { Offer } from "@/domain/marketplace/offer";
import { offeredHoldMessage } from "@/domain/marketplace/pickup-hold";
import type { Request } from "@/domain/marketplace/request";
import { REQUEST_LIFE_MESSAGES } from "@/domain/marketplace/request-life-messages";
import {
  CONVERSATION_STATUS,
  canCompleteRequest,
  canReceiveOffers,
  isAcceptedOffer,
  isCancelledRequest,
  isCompletedRequest,
  isExpiredRequest,
  isPendingOffer,
  isRejectedOffer,
  OFFER_STATUS,
} from "@/domain/marketplace/state-machine";
import { CHAT_CLOSED_BY_TEXTS } from "@/domain/people/trust-messages";

/**
 * Where a conversation's deal stands, from the live offer and request (spec §4):
 * - pending: the buyer may accept or reject;
 * - accepted: this offer was accepted; `canComplete` when the request is in progress on this offer;
 * - completed: the request was completed with this offer (the rating is on both documents);
 * - closed: rejected, expired, or the request closed otherwise (status badge only).
 */
export type DealStage = "pending" | "accepted" | "completed" | "closed";

export function dealStage(offer: Offer, request: Request | null): DealStage {
  if (request && isCompletedRequest(request.status) && request.completedOfferId === offer.id)
    return "completed";
  if (offer.customerRating !== undefined || offer.verifiedPurchaseAt !== undefined) return "completed";
  if (isAcceptedOffer(offer.status)) return "accepted";
  if (isPendingOffer(offer.status) && (!request || canReceiveOffers(request.status))) return "pending";
  return "closed";
}

/** The completion form shows only while the request is in progress on this very offer. */
export function canCompleteWith(offer: Offer, request: Request | null): boolean {
  return (
    request !== null &&
    dealStage(offer, request) === "accepted" &&
    canCompleteRequest(request.status) &&
    request.acceptedOfferId === offer.id
  );
}

/**
 * Why nobody may write in the conversation any more, or null while it is open. Mirrors firestore.rules
 * (messages create, isOpen): the offer is no longer pending or accepted (rejected, expired, withdrawn,
 * the deal cancelled), or the request is completed, cancelled or expired. `request` is null when the user does not follow it (a shop that did not win): the offer
 * alone then tells (its rating marks a completed deal).
 */
export function closedReason(offer: Offer | null, request: Request | null): string | null {
  if ((request && isCompletedRequest(request.status)) || offer?.customerRating !== undefined)
    return CHAT_MESSAGES.closedRequestCompleted;
  if (request && isCancelledRequest(request.status)) return CHAT_MESSAGES.closedRequestCancelled;
  if (offer && isRejectedOffer(offer.status)) return CHAT_MESSAGES.closedOfferRejected;
  if (offer?.status === OFFER_STATUS.expired) return CHAT_MESSAGES.closedOfferExpired;
  if (offer?.status === OFFER_STATUS.withdrawn) return REQUEST_LIFE_MESSAGES.closedOfferWithdrawn;
  if (offer?.status === OFFER_STATUS.cancelled) return REQUEST_LIFE_MESSAGES.closedDealCancelled;
  if (request && isExpiredRequest(request.status)) return REQUEST_LIFE_MESSAGES.closedRequestExpired;
  return null;
}

/** Why a function closed the conversation (an admin, a deleted account), or null. Mirrors the rules' isOpen. */
export function closedByFunction(conversation: Pick<Conversation, "status" | "closedBy">): string | null {
  if (conversation.status !== CONVERSATION_STATUS.closed) return null;
  return conversation.closedBy === CONVERSATION_CLOSED_BY.accountDeleted
    ? CHAT_CLOSED_BY_TEXTS.accountDeleted
    : CHAT_CLOSED_BY_TEXTS.moderation;
}

/**
 * The purchase was proved at the till (the pickup code): the mark is the offer's alone, so a later deal
 * on the same request is never shown verified (a request may still carry an older version's mark).
 */
export const isVerified = (offer: Offer, _request?: Request | null): boolean =>
  offer.verifiedPurchaseAt !== undefined;

/**
 * The deal panel's line about what happens next, when it shows one: for the buyer, before 'Accetta', how
 * long the shop holds the item; for the shop, who it waits for. Kept with the chat's copy on the device
 * (src/lib/chat-preview.ts), so that the chat's frame paints it where the panel will.
 */
export function dealNote(offer: Offer | null, request: Request | null, isBuyer: boolean): string | null {
  if (!offer) return null;
  const stage = dealStage(offer, request);
  if (stage === "pending")
    return isBuyer ? offeredHoldMessage(offer.holdChoice) : CHAT_MESSAGES.awaitingDecision;
  if (stage === "accepted" && !isBuyer && !isVerified(offer, request))
    return CHAT_MESSAGES.awaitingCompletion;
  return null;
}
