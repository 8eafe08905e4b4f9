import type { QueryClient } from "@tanstack/react-query";
import { offerIdParts } from "@/domain/marketplace/offer-id";
import { readOffer, readRequest, readThread } from "./chat-reads";
import { conversationListOptions, readOpenConversation } from "./conversations";
import { listBesideChat } from "./first-reads";
import { messageKeys } from "./keys";

/**
 * The messages screen's first reads, started by the route gate as soon as the signed-in uid is known,
 * while the session still reads the user document (RouteAccessGate `prefetch`): the list (beside the chat
 * only), and for an open conversation the conversation, its offer (a conversation's id is its offer's), its
 * newest messages and, for the buyer, its request. On a page load the route has started them over REST
 * already (./first-reads.ts): each read takes that answer (./chat-reads.ts).
 * They fill the same queries the screen's `useLiveQuery` reads, which the news (and the chat's listener,
 * for its messages) keep current once settled.
 */
export function prefetchMessages(client: QueryClient, uid: string, conversationId?: string): void {
  const fresh = { staleTime: Number.POSITIVE_INFINITY, retry: false } as const;
  // A phone shows an open chat without the list (messages-page.tsx).
  const withList = listBesideChat();
  if (!conversationId || withList) {
    void client.prefetchQuery({ ...conversationListOptions(uid), ...fresh });
  }
  if (!conversationId) return;
  // The buyer's chat waits for its request too (the deal panel); a shop reads it only once it won. A
  // conversation's id names its request and its shop (offerIdParts): a user who is not its shop reads
  // the request alongside the conversation, not a round trip after it.
  const named = offerIdParts(conversationId);
  const prefetchRequest = (requestId: string) =>
    void client.prefetchQuery({
      queryKey: messageKeys.request(requestId),
      queryFn: () => readRequest(requestId),
      ...fresh,
    });
  if (named && named.merchantId !== uid) prefetchRequest(named.requestId);
  void client.prefetchQuery({
    queryKey: messageKeys.conversation(conversationId),
    queryFn: async () => {
      // From the list when it is being read beside the chat: one read of the document, not two.
      const conversation = await readOpenConversation(client, uid, conversationId, withList);
      if (conversation?.participants.customerId === uid && conversation.requestId !== named?.requestId) {
        prefetchRequest(conversation.requestId);
      }
      return conversation;
    },
    ...fresh,
  });
  void client.prefetchQuery({
    queryKey: messageKeys.offer(conversationId),
    queryFn: () => readOffer(conversationId),
    ...fresh,
  });
  void client.prefetchQuery({
    queryKey: messageKeys.thread(conversationId),
    queryFn: () => readThread(conversationId),
    ...fresh,
  });
}
