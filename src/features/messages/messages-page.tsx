import { useDeferredValue, useMemo } from "react";
import { useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { otherParticipant } from "@/domain/marketplace/conversation";
import { publicBusinessName, publicName } from "@/domain/people/user";
import { useSession } from "@/lib/session/session-provider";
import { useBlockedIds } from "@/lib/trust";
import { MD_MEDIA_QUERY, useMediaQuery } from "@/lib/use-media-query";
import { useConversations } from "./api/conversations";
import { ChatView } from "./components/chat-view";
import { ConversationList } from "./components/conversation-list";
import { ConversationsLoading, MessagesLayout, SelectConversation } from "./components/messages-shell";

/**
 * `/messages` and `/messages/:conversationId` (spec §2): conversation list on the left, chat on the right.
 * Below 768 px they are two screens: the list at /messages, the chat (with a back link) at /messages/:id.
 */
export function MessagesPage() {
  const { conversationId } = useParams();
  const { userData } = useSession();
  const uid = userData?.uid ?? "";
  // A phone shows an open chat alone: the list (its read, its rows' reads and renders) waits for /messages.
  const wide = useMediaQuery(MD_MEDIA_QUERY);
  const listShown = wide || !conversationId;
  const conversations = useConversations(uid, listShown);
  // People the user blocked are hidden from the list (their chat stays reachable by its link).
  const blocked = useBlockedIds(uid);
  const visible = useMemo(
    () =>
      (conversations.data ?? []).filter(
        (conversation) => !blocked.data?.has(otherParticipant(conversation, uid).id),
      ),
    [conversations.data, blocked.data, uid],
  );
  // A query's answer re-renders this page at once, in one task (useSyncExternalStore); the list renders
  // from a deferred copy instead, in React's sliced background render (docs/lighthouse.md).
  const listed = useDeferredValue(visible);
  const listPending = listed !== visible && listed.length === 0 && visible.length > 0;
  const sender = userData
    ? {
        uid,
        name: publicName({ displayName: userData.displayName, businessName: publicBusinessName(userData) }),
        type: userData.userType,
      }
    : null;

  return (
    <MessagesLayout
      conversationId={conversationId}
      list={
        !listShown ? null : conversations.loading || listPending ? (
          <ConversationsLoading />
        ) : conversations.error && !conversations.data ? (
          <div role="alert" className="space-y-3 p-4">
            <p className="font-medium text-red-800">{conversations.error}</p>
            <Button variant="secondary" size="sm" onClick={conversations.retry}>
              Riprova
            </Button>
          </div>
        ) : (
          <ConversationList conversations={listed} uid={uid} selectedId={conversationId} />
        )
      }
      chat={
        conversationId && sender ? (
          <ChatView
            key={conversationId}
            conversationId={conversationId}
            sender={sender}
            withList={listShown}
          />
        ) : (
          <SelectConversation />
        )
      }
    />
  );
}
