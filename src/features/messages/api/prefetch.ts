import type { QueryClient } from "@tanstack/react-query";
import { readConversation, readUserConversations } from "@/data/conversations";
import { readNewestMessages } from "@/data/messages";
import { getOffer } from "@/data/offers";
import { MESSAGE_PAGE_SIZE } from "@/domain/message";
import { MD_MEDIA_QUERY } from "@/lib/use-media-query";
import { messageKeys } from "./keys";

const listBesideChat = () =>
  typeof window === "undefined" || typeof window.matchMedia !== "function"
    ? true
    : window.matchMedia(MD_MEDIA_QUERY).matches;

/**
 * The messages screen's first reads, started by the route gate as soon as the signed-in uid is known,
 * while the session still reads the user document (RouteAccessGate `prefetch`): the list, and for an open
 * conversation the conversation, its offer (a conversation's id is its offer's) and its newest messages.
 * They fill the same queries the screen's `useLiveQuery` reads, which the listeners keep live once settled.
 */
export function prefetchMessages(client: QueryClient, uid: string, conversationId?: string): void {
  const fresh = { staleTime: Number.POSITIVE_INFINITY, retry: false } as const;
  // A phone shows an open chat without the list (messages-page.tsx).
  if (!conversationId || listBesideChat()) {
    void client.prefetchQuery({
      queryKey: messageKeys.conversations(uid),
      queryFn: () => readUserConversations(uid),
      ...fresh,
    });
  }
  if (!conversationId) return;
  void client.prefetchQuery({
    queryKey: messageKeys.conversation(conversationId),
    queryFn: () => readConversation(conversationId),
    ...fresh,
  });
  void client.prefetchQuery({
    queryKey: messageKeys.offer(conversationId),
    queryFn: () => getOffer(conversationId),
    ...fresh,
  });
  void client.prefetchQuery({
    queryKey: messageKeys.thread(conversationId),
    queryFn: () => readNewestMessages(conversationId, MESSAGE_PAGE_SIZE).then((newest) => newest.reverse()),
    ...fresh,
  });
}
