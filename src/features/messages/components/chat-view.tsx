import { type ReactNode, useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import type { UserType } from "@/domain/core/user-type";
import { type Conversation, otherParticipant } from "@/domain/marketplace/conversation";
import { CHAT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { forgetChatPreview } from "@/lib/chat-preview";
import { useConversation, useConversationTitle, useDeal } from "../api/conversations";
import {
  prepareMessageId,
  useClearUnreadWhileOpen,
  useMarkAsRead,
  useMarkOfferSeen,
  useMessages,
  useSendMessage,
  useThreadHistory,
} from "../api/messages";
import { closedByFunction, closedReason, dealNote } from "../lib/deal-stage";
import { useKeepChatPreview } from "../lib/keep-chat-preview";
import {
  BackLink,
  ChatHeader,
  ChatSection,
  ClosedLine,
  ConversationLoading,
  ThreadScroller,
} from "./chat-frame";
import { DealPanelOnDemand } from "./deal-panel-on-demand";
import { MessageComposer } from "./message-composer";
import { MessageList } from "./message-list";
import { useMessageReport } from "./message-report";
import { OtherStatus, TrustActions } from "./trust-actions";

export type ChatSender = { uid: string; name: string; type: UserType };

/** What the chat keeps on this device to paint it at once next time (src/lib/chat-preview.ts). */
type PreviewHeading = { otherName: string; shopId: string | null; title: string | null };

function Thread({
  conversationId,
  sender,
  closed,
  dealPanel,
  dealLoading,
  dealNote,
  heading,
}: {
  conversationId: string;
  sender: ChatSender;
  /** Scrolls with the messages, so the composer stays pinned at the bottom whatever the panel holds. */
  dealPanel: ReactNode;
  /** The panel is still loading: the thread waits for it, to show the conversation whole. */
  dealLoading: boolean;
  /** Why nobody may write any more (closedReason), or null while the conversation is open. */
  closed: string | null;
  /** The panel's line about what happens next (dealNote), kept with the chat on the device. */
  dealNote: string | null;
  heading: PreviewHeading;
}) {
  const { toastError } = useToast();
  const messages = useMessages(conversationId);
  const send = useSendMessage();
  const thread = useThreadHistory(conversationId, messages.data);
  useMarkAsRead(conversationId, sender.uid, messages.data);
  useClearUnreadWhileOpen(conversationId, sender.uid);
  const reportMessage = useMessageReport(conversationId);
  const shown = !messages.loading && !dealLoading && Boolean(messages.data);
  useKeepChatPreview(
    sender.uid,
    shown ? { conversationId, ...heading, closed, dealNote, messages: thread.messages } : null,
  );

  const onSend = async (content: string) => {
    const id = await prepareMessageId(conversationId).catch((error: unknown) => {
      toastError(ERROR_MESSAGES.sendMessage);
      throw error;
    });
    await send.mutateAsync({ id, conversationId, sender, content });
  };

  return (
    <>
      <ThreadScroller panel={dealPanel}>
        {messages.loading || dealLoading ? (
          <div className="flex justify-center py-10 text-brand-700">
            <Spinner label="Caricamento dei messaggi…" />
          </div>
        ) : messages.error && !messages.data ? (
          <div role="alert" className="space-y-3 p-4 text-center">
            <p className="font-medium text-red-800">{messages.error}</p>
            <Button variant="secondary" size="sm" onClick={messages.retry}>
              Riprova
            </Button>
          </div>
        ) : (
          <>
            {thread.canLoadOlder ? (
              <div className="flex justify-center pt-3">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void thread.loadOlder()}
                  loading={thread.loadingOlder}
                >
                  Carica messaggi precedenti
                </Button>
              </div>
            ) : null}
            <MessageList messages={thread.messages} uid={sender.uid} onReport={reportMessage.open} />
            {reportMessage.dialog}
          </>
        )}
      </ThreadScroller>
      <div className="shrink-0">
        {closed ? (
          <ClosedLine reason={closed} />
        ) : (
          <MessageComposer onSend={onSend} disabled={Boolean(messages.error && !messages.data)} />
        )}
      </div>
    </>
  );
}

/** The deal panel and the thread, which closes with the deal (mirrors the rules' isOpen). */
function Deal({
  conversation,
  sender,
  heading,
}: {
  conversation: Conversation;
  sender: ChatSender;
  heading: PreviewHeading;
}) {
  const deal = useDeal(conversation, sender.uid);
  useMarkOfferSeen(conversation, deal.offer.data, sender.uid);
  const closed =
    closedByFunction(conversation) ??
    (deal.offer.loading ? null : closedReason(deal.offer.data ?? null, deal.request.data ?? null));
  return (
    <Thread
      conversationId={conversation.id}
      sender={sender}
      closed={closed}
      dealPanel={<DealPanelOnDemand conversation={conversation} uid={sender.uid} deal={deal} />}
      dealLoading={deal.offer.loading || deal.request.loading}
      dealNote={dealNote(
        deal.offer.data ?? null,
        deal.request.data ?? null,
        conversation.participants.customerId === sender.uid,
      )}
      heading={heading}
    />
  );
}

/** One conversation: who and what it is about, the deal panel, the live thread and the text box. */
export function ChatView({
  conversationId,
  sender,
  withList = false,
}: {
  conversationId: string;
  sender: ChatSender;
  /** The conversation list is shown beside the chat: the conversation comes from it. */
  withList?: boolean;
}) {
  const conversation = useConversation(conversationId, sender.uid, withList);
  const missing = !conversation.loading && !conversation.data;
  // A chat this user can no longer read is not painted from this device's copy again.
  useEffect(() => {
    if (missing) forgetChatPreview(conversationId);
  }, [missing, conversationId]);

  if (conversation.loading) return <ConversationLoading />;
  if (!conversation.data) {
    return (
      <div className="space-y-3 p-4">
        <BackLink />
        <p role="alert" className="text-slate-800">
          {conversation.error ?? CHAT_MESSAGES.conversationNotFound}
        </p>
      </div>
    );
  }
  return <OpenChat conversation={conversation.data} sender={sender} />;
}

function OpenChat({ conversation, sender }: { conversation: Conversation; sender: ChatSender }) {
  const other = otherParticipant(conversation, sender.uid);
  const shopId = other.id === conversation.participants.merchantId ? other.id : null;
  const title = useConversationTitle(conversation, sender.uid).data ?? null;
  return (
    <ChatSection
      header={
        <ChatHeader
          name={other.name}
          status={<OtherStatus otherId={other.id} />}
          shopId={shopId}
          title={title}
          actions={<TrustActions uid={sender.uid} conversation={conversation} />}
        />
      }
    >
      <Deal conversation={conversation} sender={sender} heading={{ otherName: other.name, shopId, title }} />
    </ChatSection>
  );
}
