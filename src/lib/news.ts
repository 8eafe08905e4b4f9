import { type QueryKey, skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { NEWS_FIRST_SNAPSHOT_MARGIN_MS } from "@/domain/core/limits";
import {
  anyNews,
  type News,
  newsAtFirstSnapshot,
  newsBetween,
  type UnreadCounts,
} from "@/domain/notifications/unread-counts";

/**
 * The one way screens stay current without a listener of their own (docs/scale.md, "Page loads").
 * Every signed-in page's header follows unreadCounts/{uid} (one listener; the functions update it with
 * every offer, message and notification for the user), and its snapshots are in the query cache under
 * `newsKey`. A screen reads its data once (Firestore Lite) and, through this module, reads again only
 * when a snapshot says something arrived for it; its queries also read again when the tab comes back
 * into view (react-query's refetch on focus) and after the user's own changes (their mutations
 * invalidate them). A listener is kept only for what is the point of a screen: a chat's messages.
 */

/** The query key of the header's unread counts (features/messages keeps them there). */
export const newsKey = (uid: string) => ["messages", "unread", uid] as const;

/**
 * Calls `onNews` with what arrived between two snapshots of the user's unread counts. The first snapshot
 * is news only when the functions counted something just before or since the screen began reading
 * (newsAtFirstSnapshot): otherwise the screen has just read what it says.
 */
export function useNews(uid: string, onNews: (news: News) => void): void {
  const counts = useQuery<UnreadCounts>({ queryKey: newsKey(uid), queryFn: skipToken }).data;
  const previous = useRef<UnreadCounts | undefined>(undefined);
  const since = useRef(new Date());
  const latest = useRef(onNews);
  latest.current = onNews;
  useEffect(() => {
    const before = previous.current;
    previous.current = counts;
    if (!counts || before === counts) return;
    latest.current(
      before
        ? newsBetween(before, counts)
        : newsAtFirstSnapshot(counts, since.current, NEWS_FIRST_SNAPSHOT_MARGIN_MS),
    );
  }, [counts]);
}

/**
 * Reads the queries under `queryKey` again when anything arrived for the user (`except`: leave out the
 * messages of the chat open on screen, which shows them itself), or when `wanted` says this news matters.
 */
export function useRefreshOnNews(
  uid: string,
  queryKey: QueryKey,
  {
    wanted = (news: News) => anyNews(news),
    enabled = true,
  }: { wanted?: (news: News) => boolean; enabled?: boolean } = {},
): void {
  const client = useQueryClient();
  useNews(uid, (news) => {
    // Several screens of a page may ask for the same key: one read, not one cancelled for the next.
    if (enabled && uid !== "" && wanted(news))
      void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
  });
}
