import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { type Conversation, otherParticipant } from "@/domain/conversation";
import { CHAT_MESSAGES, ERROR_MESSAGES } from "@/domain/messages";
import type { UserType } from "@/domain/user-type";
import { useConversation, useConversationTitle, useDeal } from "../api/conversations";
import {
  prepareMessageId,
  useMarkAsRead,
  useMarkOfferSeen,
  useMessages,
  useSendMessage,
  useThreadHistory,
} from "../api/messages";
import { closedByFunction, closedReason } from "../lib/deal-stage";
import { DealPanel } from "./deal-panel";
import { MessageComposer } from "./message-composer";
import { MessageList } from "./message-list";
import { useMessageReport } from "./message-report";
import { OtherStatus, TrustActions } from "./trust-actions";

export type ChatSender = { uid: string; name: string; type: UserType };

function BackLink() {
  return (
    <Link
      to={paths.messages.getHref()}
      // An arrow only: on a 360 px phone the words took 40 % of the header and cut the other's name.
      className={buttonClasses({ variant: "ghost", size: "icon", className: "md:hidden" })}
    >
      <span aria-hidden="true" className="text-xl leading-none">
        ←
      </span>
      <span className="sr-only">Torna alle conversazioni</span>
    </Link>
  );
}

function Thread({
  conversationId,
  sender,
  closed,
  dealPanel,
  dealLoading,
}: {
  conversationId: string;
  sender: ChatSender;
  /** Scrolls with the messages, so the composer stays pinned at the bottom whatever the panel holds. */
  dealPanel: ReactNode;
  /**
   * The panel is still loading: the messages wait for it, so that it does not push them down as it
   * grows (a layout shift) when the offer arrives after them.
   */
  dealLoading: boolean;
  /** Why nobody may write any more (closedReason), or null while the conversation is open. */
  closed: string | null;
}) {
  const { toastError } = useToast();
  const messages = useMessages(conversationId);
  const send = useSendMessage();
  const thread = useThreadHistory(conversationId, messages.data);
  useMarkAsRead(conversationId, sender.uid, messages.data);
  const reportMessage = useMessageReport(conversationId);

  const onSend = async (content: string) => {
    const id = await prepareMessageId(conversationId).catch((error: unknown) => {
      toastError(ERROR_MESSAGES.sendMessage);
      throw error;
    });
    await send.mutateAsync({ id, conversationId, sender, content });
  };

  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {dealPanel}
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
      </div>
      <div className="shrink-0">
        {closed ? (
          <p role="status" className="border-t border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
            {CHAT_MESSAGES.conversationClosed}: {closed}.
          </p>
        ) : (
          <MessageComposer onSend={onSend} disabled={Boolean(messages.error && !messages.data)} />
        )}
      </div>
    </>
  );
}

function ConversationTitle({ conversation, uid }: { conversation: Conversation; uid: string }) {
  const title = useConversationTitle(conversation, uid);
  return title.data ? <p className="truncate text-sm text-slate-600">{title.data}</p> : null;
}

/** The deal panel and the thread, which closes with the deal (mirrors the rules' isOpen). */
function Deal({ conversation, sender }: { conversation: Conversation; sender: ChatSender }) {
  const deal = useDeal(conversation, sender.uid);
  useMarkOfferSeen(conversation, sender.uid);
  const closed =
    closedByFunction(conversation) ??
    (deal.offer.loading ? null : closedReason(deal.offer.data ?? null, deal.request.data ?? null));
  return (
    <Thread
      conversationId={conversation.id}
      sender={sender}
      closed={closed}
      dealPanel={<DealPanel conversation={conversation} uid={sender.uid} deal={deal} />}
      dealLoading={deal.offer.loading || deal.request.loading}
    />
  );
}

/** One conversation: who and what it is about, the deal panel, the live thread and the text box. */
export function ChatView({ conversationId, sender }: { conversationId: string; sender: ChatSender }) {
  const conversation = useConversation(conversationId);

  if (conversation.loading) {
    return (
      <div className="flex justify-center py-10 text-brand-700">
        <Spinner label="Caricamento della conversazione…" />
      </div>
    );
  }
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

  const other = otherParticipant(conversation.data, sender.uid);
  return (
    <section aria-labelledby="chat-heading" className="flex min-h-0 flex-1 flex-col">
      <header className="flex shrink-0 items-center gap-2 border-b border-slate-200 bg-white p-2 sm:p-3">
        <BackLink />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2">
            {/* Wraps rather than cut: on a 360 px phone the name is the header's point. */}
            <h2 id="chat-heading" className="text-lg leading-tight font-semibold break-words text-slate-900">
              {other.name}
            </h2>
            <OtherStatus otherId={other.id} />
            {other.id === conversation.data.participants.merchantId ? (
              <Link
                to={paths.shop.getHref(other.id)}
                className="focus-ring rounded text-sm font-medium text-brand-800 underline underline-offset-2"
              >
                Pagina del negozio
              </Link>
            ) : null}
          </div>
          <ConversationTitle conversation={conversation.data} uid={sender.uid} />
        </div>
        <TrustActions uid={sender.uid} conversation={conversation.data} />
      </header>
      <Deal conversation={conversation.data} sender={sender} />
    </section>
  );
}
