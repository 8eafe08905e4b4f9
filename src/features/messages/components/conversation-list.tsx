import { memo } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { paths } from "@/config/paths";
import { type Conversation, otherParticipant } from "@/domain/marketplace/conversation";
import { CHAT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { formatUnreadCount, unreadLabel } from "@/domain/marketplace/message";
import { unreadIn, unreadTotal } from "@/domain/notifications/unread-counts";
import { cn } from "@/lib/cn";
import { formatRelativeDate } from "@/lib/format";
import { useConversationTitle } from "../api/conversations";
import { useCachedUnreadCounts } from "../api/unread-total";

function ConversationItem({
  conversation,
  uid,
  selected,
  unread,
}: {
  conversation: Conversation;
  uid: string;
  selected: boolean;
  /** Its unread messages, and its new offer as one more (0 for the open one, being read). */
  unread: number;
}) {
  const other = otherParticipant(conversation, uid);
  const title = useConversationTitle(conversation, uid);
  const productName = title.data;
  const when = conversation.lastMessage?.timestamp ?? conversation.updatedAt;

  return (
    <li>
      <Link
        to={paths.conversation.getHref(conversation.id)}
        aria-current={selected ? "page" : undefined}
        className={cn(
          "focus-ring flex gap-3 border-b border-slate-200 px-3 py-3 hover:bg-slate-50",
          selected && "bg-brand-50",
        )}
      >
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <p className={cn("truncate text-slate-900", unread > 0 ? "font-bold" : "font-semibold")}>
              {other.name}
            </p>
            <time dateTime={when.toISOString()} className="shrink-0 text-xs text-slate-600">
              {formatRelativeDate(when)}
            </time>
          </div>
          {/* The product's line is there before its name arrives (its own read): rows keep their height
              and the list does not shift as the names come in (Lighthouse CLS on /messages). */}
          <p className="truncate text-sm text-slate-700">
            {productName || <span aria-hidden="true">{"\u00a0"}</span>}
          </p>
          <div className="flex items-center justify-between gap-2">
            <p className="truncate text-sm text-slate-600">
              {conversation.lastMessage
                ? `${conversation.lastMessage.senderId === uid ? "Tu: " : ""}${conversation.lastMessage.content}`
                : CHAT_MESSAGES.noMessages}
            </p>
            {unread > 0 ? (
              <Badge tone="brand" className="shrink-0">
                {formatUnreadCount(unread)}
                <span className="sr-only">
                  {" "}
                  {unread === 1 ? "messaggio non letto" : "messaggi non letti"}
                </span>
              </Badge>
            ) : null}
          </div>
        </div>
      </Link>
    </li>
  );
}

/**
 * The conversations, each with its unread badge, and their total in the heading: all from the user's
 * unread counts, the document the header's badge follows (no listener here).
 * Memoized: the page gives it a deferred copy of the list (messages-page.tsx).
 */
export const ConversationList = memo(function ConversationList({
  conversations,
  uid,
  selectedId,
}: {
  conversations: readonly Conversation[];
  uid: string;
  selectedId: string | undefined;
}) {
  const counts = useCachedUnreadCounts(uid);
  const total = unreadTotal(
    counts,
    selectedId,
    conversations.map((conversation) => conversation.id),
  );
  return (
    <nav aria-labelledby="conversations-heading" className="flex min-h-0 flex-col">
      <h2
        id="conversations-heading"
        className="flex items-center gap-2 border-b border-slate-200 p-3 text-lg font-semibold"
      >
        Conversazioni
        {total > 0 ? (
          <Badge tone="brand">
            <span aria-hidden="true">{formatUnreadCount(total)}</span>
            <span className="sr-only">{unreadLabel(total)}</span>
          </Badge>
        ) : null}
      </h2>
      {conversations.length === 0 ? (
        <p className="p-4 text-sm text-slate-600">{CHAT_MESSAGES.noConversations}</p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto">
          {conversations.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              uid={uid}
              selected={conversation.id === selectedId}
              unread={conversation.id === selectedId ? 0 : unreadIn(counts, conversation.id)}
            />
          ))}
        </ul>
      )}
    </nav>
  );
});
