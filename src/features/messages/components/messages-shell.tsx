import { type ReactNode, useState } from "react";
import { useParams } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { FIRST_PAINT_MESSAGES } from "@/domain/core/first-paint-messages";
import { PAGE_LEADS, PAGE_LOADING } from "@/domain/core/page-leads";
import { PRODUCT_NAME } from "@/domain/core/product";
import { type ChatPreview, readChatPreview } from "@/lib/chat-preview";
import { cn } from "@/lib/cn";
import {
  ChatHeader,
  ChatSection,
  ClosedLine,
  ConversationLoading,
  KeptDealNote,
  ThreadScroller,
} from "./chat-frame";
import { ComposerBox } from "./composer-box";
import { MessageList } from "./message-list";

/**
 * The messages screen's frame, shared by the page and its static frame (the route gate's `shell` for
 * /messages, painted while the session and the page's code load), so that nothing moves when the page
 * replaces it. Light on purpose: the frame travels in the entry chunk.
 *
 * The screen is as tall as the viewport below the header (h-16 + its border): the conversation list and the
 * thread scroll on their own and the composer stays at the bottom. On a phone the list is a normal page;
 * an open chat takes the whole screen.
 */
export function MessagesLayout({
  conversationId,
  list,
  chat,
  frame = false,
}: {
  conversationId?: string;
  list: ReactNode;
  chat: ReactNode;
  /** The static frame: busy and inert (nothing in it takes focus or clicks). */
  frame?: boolean;
}) {
  return (
    <div
      aria-busy={frame || undefined}
      inert={frame || undefined}
      className={cn(
        "mx-auto flex w-full max-w-6xl flex-col md:h-[calc(100dvh-4rem-1px)] md:px-4 md:py-6",
        conversationId && "h-[calc(100dvh-4rem-1px)]",
      )}
    >
      <title>{`Messaggi · ${PRODUCT_NAME}`}</title>
      <h1
        className={cn(
          "px-4 pt-4 text-2xl font-bold text-slate-900 md:px-0 md:pt-0",
          conversationId ? "sr-only md:not-sr-only md:pb-4" : "md:pb-1",
        )}
      >
        Messaggi
      </h1>
      {conversationId ? null : (
        <p className="px-4 pb-2 text-slate-700 md:px-0 md:pb-4">{PAGE_LEADS.messages}</p>
      )}
      <div className="flex min-h-0 flex-1 md:overflow-hidden md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
        <div
          className={cn(
            "w-full md:min-h-0 md:w-80 md:shrink-0 md:overflow-y-auto md:border-r md:border-slate-200",
            conversationId && "hidden md:block",
          )}
        >
          {list}
        </div>
        <div
          className={cn(
            "min-h-0 min-w-0 flex-1 flex-col bg-slate-50",
            conversationId ? "flex" : "hidden md:flex",
          )}
        >
          {chat}
        </div>
      </div>
    </div>
  );
}

export function ConversationsLoading() {
  return (
    <div className="flex justify-center py-10 text-brand-700">
      <Spinner label={PAGE_LOADING.conversations} />
    </div>
  );
}

export function SelectConversation() {
  return <p className="m-auto p-6 text-center text-slate-600">{FIRST_PAINT_MESSAGES.selectConversation}</p>;
}

/** /messages before anything is known: the heading, the lead, the list loading. */
export function MessagesShell() {
  return <MessagesLayout frame list={<ConversationsLoading />} chat={<SelectConversation />} />;
}

/**
 * /messages/:id before anything is known: the chat as this device last showed it (src/lib/chat-preview.ts),
 * painted at once, in the places the live chat puts it; or, for a chat not kept here, the loading chat.
 */
export function ConversationShell() {
  const { conversationId = "" } = useParams();
  // Read once: the frame is painted before the session, and replaced by the page.
  const [kept] = useState(() => readChatPreview(conversationId));
  return (
    <MessagesLayout
      frame
      conversationId={conversationId}
      list={<ConversationsLoading />}
      chat={kept ? <KeptChat uid={kept.uid} preview={kept.preview} /> : <ConversationLoading />}
    />
  );
}

const ignore = () => {};

function KeptChat({ uid, preview }: { uid: string; preview: ChatPreview }) {
  return (
    <ChatSection
      header={<ChatHeader name={preview.otherName} shopId={preview.shopId} title={preview.title} />}
    >
      <ThreadScroller
        panel={
          preview.dealNote ? (
            <KeptDealNote
              conversationId={preview.conversationId}
              forBuyer={preview.shopId !== null}
              note={preview.dealNote}
            />
          ) : undefined
        }
      >
        <MessageList messages={preview.messages} uid={uid} onReport={ignore} />
      </ThreadScroller>
      <div className="shrink-0">
        {preview.closed ? (
          <ClosedLine reason={preview.closed} />
        ) : (
          <ComposerBox text="" disabled canSend={false} sending={false} />
        )}
      </div>
    </ChatSection>
  );
}
