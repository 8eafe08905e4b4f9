import { queryOptions, useQuery } from "@tanstack/react-query";
import { subscribeToConversation, subscribeToUserConversations } from "@/data/conversations";
import { subscribeToOffer } from "@/data/offers";
import { getRequest, subscribeToRequest } from "@/data/requests";
import type { Conversation } from "@/domain/conversation";
import { ERROR_MESSAGES } from "@/domain/messages";
import type { Offer } from "@/domain/offer";
import type { Request } from "@/domain/request";
import { failWith } from "@/lib/app-error";
import { messageKeys } from "./keys";
import { useLiveQuery } from "./live-query";

/** The user's conversations, live (both queries of spec §7, merged). */
export function useConversations(uid: string) {
  return useLiveQuery<Conversation[]>({
    queryKey: messageKeys.conversations(uid),
    subscribe: (listener) => subscribeToUserConversations(uid, listener),
    errorMessage: ERROR_MESSAGES.loadConversations,
  });
}

/** One conversation, live; null when it does not exist or is not the user's. */
export function useConversation(id: string) {
  return useLiveQuery<Conversation | null>({
    queryKey: messageKeys.conversation(id),
    subscribe: (listener) => subscribeToConversation(id, listener),
    errorMessage: ERROR_MESSAGES.loadMessages,
  });
}

/** The offer a conversation is about, live (status, rejection, rating reach both sides at once). */
export function useLiveOffer(offerId: string) {
  return useLiveQuery<Offer | null>({
    queryKey: messageKeys.offer(offerId),
    subscribe: (listener) => subscribeToOffer(offerId, listener),
    errorMessage: ERROR_MESSAGES.loadMessages,
  });
}

/** The request a conversation is about, live (in_progress, completed, rating). */
export function useLiveRequest(requestId: string) {
  return useLiveQuery<Request | null>({
    queryKey: messageKeys.request(requestId),
    subscribe: (listener) => subscribeToRequest(requestId, listener),
    errorMessage: ERROR_MESSAGES.loadMessages,
  });
}

/**
 * The request's product name for the conversation list: one read per conversation, cached (the open
 * conversation's live listener writes the same cache entry).
 */
export function requestSummaryOptions(requestId: string) {
  return queryOptions({
    queryKey: messageKeys.request(requestId),
    queryFn: () => getRequest(requestId).catch(failWith(ERROR_MESSAGES.loadConversations)),
    enabled: requestId !== "",
  });
}

export const useRequestSummary = (requestId: string) => useQuery(requestSummaryOptions(requestId));
