import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  readConversation,
  readUserConversations,
  subscribeToConversation,
  subscribeToUserConversations,
} from "@/data/conversations";
import { getOffer, subscribeToOffer } from "@/data/offers";
import { getRequest, subscribeToRequest } from "@/data/requests";
import type { Conversation } from "@/domain/conversation";
import { ERROR_MESSAGES } from "@/domain/messages";
import { type Offer, offerTitle, shopMayReadRequest } from "@/domain/offer";
import { displayProductName } from "@/domain/product-name";
import type { Request } from "@/domain/request";
import { isAcceptedOffer } from "@/domain/state-machine";
import { failWith } from "@/lib/app-error";
import { messageKeys } from "./keys";
import { useLiveQuery } from "./live-query";

/** The user's conversations, live (both queries of spec §7, merged); `enabled` while the list is shown. */
export function useConversations(uid: string, enabled = true) {
  return useLiveQuery<Conversation[]>({
    enabled,
    queryKey: messageKeys.conversations(uid),
    subscribe: (listener) => subscribeToUserConversations(uid, listener),
    read: () => readUserConversations(uid),
    errorMessage: ERROR_MESSAGES.loadConversations,
  });
}

/** One conversation, live; null when it does not exist or is not the user's. */
export function useConversation(id: string) {
  return useLiveQuery<Conversation | null>({
    queryKey: messageKeys.conversation(id),
    subscribe: (listener) => subscribeToConversation(id, listener),
    read: () => readConversation(id),
    errorMessage: ERROR_MESSAGES.loadMessages,
  });
}

/** The offer a conversation is about, live (status, rejection, rating reach both sides at once). */
export function useLiveOffer(offerId: string) {
  return useLiveQuery<Offer | null>({
    queryKey: messageKeys.offer(offerId),
    subscribe: (listener) => subscribeToOffer(offerId, listener),
    read: () => getOffer(offerId),
    errorMessage: ERROR_MESSAGES.loadMessages,
  });
}

/**
 * The request a conversation is about, live (in_progress, completed, rating). `enabled`: read at all;
 * `live`: follow it. The buyer follows it; a shop whose offer is pending reads it once (its photos, its
 * budget) and follows it only once its offer won (shopMayReadRequest, isAcceptedOffer: a listener on a
 * request the rules close to a losing shop would be refused the moment the deal moves).
 */
export function useLiveRequest(requestId: string, enabled = true, live = enabled) {
  return useLiveQuery<Request | null>({
    queryKey: messageKeys.request(requestId),
    subscribe: (listener) => subscribeToRequest(requestId, listener),
    read: () => getRequest(requestId),
    errorMessage: ERROR_MESSAGES.loadMessages,
    enabled,
    live,
  });
}

/** The offer and the request a conversation is about, as far as the user may read and follow them. */
export function useDeal(conversation: Conversation, uid: string) {
  const offer = useLiveOffer(conversation.offerId);
  const isBuyer = conversation.participants.customerId === uid;
  const status = offer.data?.status;
  const request = useLiveRequest(
    conversation.requestId,
    isBuyer || (status !== undefined && shopMayReadRequest(status)),
    isBuyer || (status !== undefined && isAcceptedOffer(status)),
  );
  return { offer, request };
}
export type Deal = ReturnType<typeof useDeal>;

async function conversationTitle(conversation: Conversation, uid: string): Promise<string | null> {
  const { offerId, requestId } = conversation;
  if (conversation.participants.merchantId !== uid) return (await getRequest(requestId))?.productName ?? null;
  const offer = await getOffer(offerId);
  if (!offer) return null;
  const request = shopMayReadRequest(offer.status) ? await getRequest(requestId) : null;
  return offerTitle(offer, request);
}

/**
 * The product a conversation is about, for the conversation list and the chat's header. submitOffer
 * copies it on the conversation, so it is there at the first render with no read. Older conversations
 * lack it: one read per conversation, cached; the buyer reads their request, the shop reads it only
 * while its offer may (pending or accepted, decided from the offer first) and otherwise takes the name
 * its offer carries.
 */
export function conversationTitleOptions(conversation: Conversation, uid: string) {
  const { productName } = conversation;
  return queryOptions({
    queryKey: messageKeys.title(conversation.id, uid),
    queryFn: () =>
      productName !== undefined
        ? Promise.resolve<string | null>(productName)
        : conversationTitle(conversation, uid).catch(failWith(ERROR_MESSAGES.loadConversations)),
    // Shown as a name: a capital first letter (stored as the buyer typed it).
    select: (title: string | null) => (title === null ? null : displayProductName(title)),
    // Copied once and never rewritten: no read, ever.
    ...(productName !== undefined ? { initialData: productName, staleTime: Number.POSITIVE_INFINITY } : {}),
  });
}

export const useConversationTitle = (conversation: Conversation, uid: string) =>
  useQuery(conversationTitleOptions(conversation, uid));
