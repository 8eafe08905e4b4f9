import { useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { otherParticipant } from "@/domain/conversation";
import { CHAT_MESSAGES } from "@/domain/messages";
import { PRODUCT_NAME } from "@/domain/product";
import { publicName } from "@/domain/user";
import { cn } from "@/lib/cn";
import { useSession } from "@/lib/session/session-provider";
import { useConversations } from "./api/conversations";
import { useBlockedIds } from "./api/trust";
import { ChatView } from "./components/chat-view";
import { ConversationList } from "./components/conversation-list";

/**
 * `/messages` and `/messages/:conversationId` (spec §2): conversation list on the left, chat on the right.
 * Below 768 px they are two screens: the list at /messages, the chat (with a back link) at /messages/:id.
 */
export function MessagesPage() {
  const { conversationId } = useParams();
  const { userData } = useSession();
  const uid = userData?.uid ?? "";
  const conversations = useConversations(uid);
  // People the user blocked are hidden from the list (their chat stays reachable by its link).
  const blocked = useBlockedIds(uid);
  const visible = (conversations.data ?? []).filter(
    (conversation) => !blocked.data?.has(otherParticipant(conversation, uid).id),
  );
  const sender = userData
    ? {
        uid,
        name: publicName({ displayName: userData.displayName, businessName: userData.businessName }),
        type: userData.userType,
      }
    : null;

  return (
    // The screen is as tall as the viewport below the header (h-16 + its border): the conversation list
    // and the thread scroll on their own and the composer stays at the bottom. On a phone the list is a
    // normal page; an open chat takes the whole screen.
    <div
      className={cn(
        "mx-auto flex w-full max-w-6xl flex-col md:h-[calc(100dvh-4rem-1px)] md:px-4 md:py-6",
        conversationId && "h-[calc(100dvh-4rem-1px)]",
      )}
    >
      <title>{`Messaggi · ${PRODUCT_NAME}`}</title>
      <h1
        className={cn(
          "px-4 pt-4 text-2xl font-bold text-slate-900 md:px-0 md:pt-0 md:pb-4",
          conversationId && "sr-only md:not-sr-only",
        )}
      >
        Messaggi
      </h1>
      <div className="flex min-h-0 flex-1 md:overflow-hidden md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
        <div
          className={cn(
            "w-full md:min-h-0 md:w-80 md:shrink-0 md:overflow-y-auto md:border-r md:border-slate-200",
            conversationId && "hidden md:block",
          )}
        >
          {conversations.loading ? (
            <div className="flex justify-center py-10 text-brand-700">
              <Spinner label="Caricamento delle conversazioni…" />
            </div>
          ) : conversations.error && !conversations.data ? (
            <div role="alert" className="space-y-3 p-4">
              <p className="font-medium text-red-800">{conversations.error}</p>
              <Button variant="secondary" size="sm" onClick={conversations.retry}>
                Riprova
              </Button>
            </div>
          ) : (
            <ConversationList conversations={visible} uid={uid} selectedId={conversationId} />
          )}
        </div>
        <div
          className={cn(
            "min-h-0 min-w-0 flex-1 flex-col bg-slate-50",
            conversationId ? "flex" : "hidden md:flex",
          )}
        >
          {conversationId && sender ? (
            <ChatView key={conversationId} conversationId={conversationId} sender={sender} />
          ) : (
            <p className="m-auto p-6 text-center text-slate-600">{CHAT_MESSAGES.selectConversation}</p>
          )}
        </div>
      </div>
    </div>
  );
}
