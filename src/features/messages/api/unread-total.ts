import { skipToken, useQueries, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { subscribeToUserConversations } from "@/data/conversations";
import { subscribeToRecentMessages } from "@/data/messages";
import { type Conversation, unreadOffersAcross } from "@/domain/conversation";
import { countUnreadAcross, type Message } from "@/domain/message";
import { useSettled } from "@/lib/after-settled";
import { messageKeys } from "./keys";
import { useLiveQuery } from "./live-query";
import { UNREAD_WINDOW } from "./messages";

/**
 * Listens to the latest UNREAD_WINDOW messages of each conversation, into the same cache entries the
 * conversation list's badges read (messageKeys.recent), so both always agree. One effect for the whole
 * set: it restarts only when a conversation appears or disappears, not on every new message.
 */
function useRecentMessagesOf(conversationIds: readonly string[]) {
  const queryClient = useQueryClient();
  const idsKey = JSON.stringify(conversationIds);
  useEffect(() => {
    const ids = JSON.parse(idsKey) as string[];
    const stops = ids.map((id) =>
      subscribeToRecentMessages(id, UNREAD_WINDOW, {
        next: (messages) => queryClient.setQueryData<Message[]>(messageKeys.recent(id), messages),
        error: (cause) => console.error("Unread message count stopped", cause),
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [idsKey, queryClient]);
}

/**
 * Unread messages of `uid` across their conversations (the header's 'Messaggi' badge), live, plus the
 * new offers they have not opened yet (conversation.unreadOfferFor).
 * The conversation open on screen is left out, as in the list: its chat marks messages read.
 *
 * No 'Errore' toast when a listener fails (logged only): this runs on every page, and /messages raises
 * its own toast for the same reads. Identical queries share one Firestore watch target, so on /messages
 * these listeners cost no extra reads. They start once the page has settled (src/lib/after-settled.ts):
 * the badge is not worth loading the full Firestore SDK before the page's own first paint.
 */
export function useUnreadTotal(uid: string, openConversationId?: string): number {
  const settled = useSettled();
  const { data: conversations } = useLiveQuery<Conversation[]>({
    queryKey: messageKeys.conversations(uid),
    subscribe: (listener) => subscribeToUserConversations(uid, listener),
    enabled: settled,
  });
  const ids = useMemo(
    () => (conversations ?? []).map((conversation) => conversation.id).sort(),
    [conversations],
  );
  useRecentMessagesOf(ids);
  const offers = unreadOffersAcross(conversations ?? [], uid, openConversationId);
  return useCachedUnreadTotal(ids, uid, openConversationId) + offers;
}

/**
 * The unread total over what the recent-messages listeners have put in the cache (messageKeys.recent),
 * without listening itself: the conversation list's rows and the header's listeners fill it.
 */
export function useCachedUnreadTotal(
  conversationIds: readonly string[],
  uid: string,
  openConversationId?: string,
): number {
  return useQueries({
    queries: conversationIds.map((id) => ({ queryKey: messageKeys.recent(id), queryFn: skipToken })),
    combine: (results) =>
      countUnreadAcross(
        results.map((result, index) => ({
          conversationId: conversationIds[index] ?? "",
          messages: result.data as Message[] | undefined,
        })),
        uid,
        openConversationId,
      ),
  });
}
