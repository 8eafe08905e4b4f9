import { memo } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { paths } from "@/config/paths";
import {
  type Conversation,
  otherParticipant,
  unreadOfferCount,
  unreadOffersAcross,
} from "@/domain/conversation";
import { formatUnreadCount, unreadLabel } from "@/domain/message";
import { CHAT_MESSAGES } from "@/domain/messages";
import { cn } from "@/lib/cn";
import { formatRelativeDate } from "@/lib/format";
import { useConversationTitle } from "../api/conversations";
import { useUnreadCount } from "../api/messages";
import { useCachedUnreadTotal } from "../api/unread-total";

function ConversationItem({
  conversation,
  uid,
  selected,
}: {
  conversation: Conversation;
  uid: string;
  selected: boolean;
}) {
  const other = otherParticipant(conversation, uid);
  const title = useConversationTitle(conversation, uid);
  // The open conversation is being read: no badge (and no second listener) for it.
  // A new offer the buyer has not opened yet counts as one unread item.
  const unread =
    useUnreadCount(conversation.id, uid, !selected) + (selected ? 0 : unreadOfferCount(conversation, uid));
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
 * The conversations, with the unread messages across them from the same listeners the badges use.
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
  const total =
    useCachedUnreadTotal(
      conversations.map((conversation) => conversation.id),
      uid,
      selectedId,
    ) + unreadOffersAcross(conversations, uid, selectedId);
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
            />
          ))}
        </ul>
      )}
    </nav>
  );
});
