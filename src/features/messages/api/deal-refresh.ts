import { hashKey, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Message } from "@/domain/marketplace/message";
import { messageKeys } from "./keys";

/**
 * The deal's documents read again when the other side writes in the chat: the functions post in the
 * conversation when a deal moves without a notification (a hold released, a purchase verified at the
 * till), and the chat's listener is already there, so the deal panel follows with no listener of its
 * own (docs/scale.md). Nothing for the messages the chat first read, nor for the user's own. It watches
 * the thread's cache rather than observing the query (which would lend the thread its options).
 */
export function useRefreshDealOnReplies(
  conversationId: string,
  uid: string,
  keys: readonly QueryKey[],
): void {
  const client = useQueryClient();
  const latestKeys = useRef(keys);
  latestKeys.current = keys;
  useEffect(() => {
    const threadKey = messageKeys.thread(conversationId);
    const threadHash = hashKey(threadKey);
    let seen: string | undefined | null = null;
    const check = () => {
      const thread = client.getQueryData<Message[]>(threadKey);
      if (!thread) return;
      const newestReply = thread.findLast((message) => message.senderId !== uid)?.id;
      const before = seen;
      seen = newestReply;
      if (before === null || before === newestReply) return;
      for (const queryKey of latestKeys.current) {
        void client.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
      }
    };
    check();
    return client.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.query.queryHash === threadHash) check();
    });
  }, [client, conversationId, uid]);
}
