import type { ReactNode } from "react";
import { useMatch } from "react-router";
import { paths } from "@/config/paths";
import { formatUnreadCount, unreadLabel } from "@/domain/marketplace/message";
import { useNewNotifications, useUnreadTotal } from "../api/unread-total";

export type UnreadTotal = {
  total: number;
  /** What a badge shows: the total, or "50+" from the cap on (as in the conversation list). */
  label: string;
  /** The same for screen readers: '3 non letti'. */
  spoken: string;
};

/**
 * Hands the signed-in user's live unread total to `children` (the header's 'Messaggi' link draws it).
 * Its own module because it brings Firestore (and the domain's schemas) along: the header loads it
 * lazily, only once someone is signed in. On /messages/{id} the open conversation does not count.
 */
export function WithUnreadTotal({
  uid,
  children,
}: {
  uid: string;
  children: (unread: UnreadTotal) => ReactNode;
}) {
  const openConversationId = useMatch(paths.conversation.path)?.params.conversationId;
  const total = useUnreadTotal(uid, openConversationId);
  return children({ total, label: formatUnreadCount(total), spoken: unreadLabel(total) });
}

/**
 * Hands the bell its count of notifications new since it was last opened (unreadCounts/{uid}, which
 * WithUnreadTotal's listener beside it in the header keeps in the cache: no second listener).
 */
export function WithNewNotifications({
  uid,
  children,
}: {
  uid: string;
  children: (newCount: number | undefined) => ReactNode;
}) {
  return children(useNewNotifications(uid));
}
