import { skipToken, useQuery } from "@tanstack/react-query";
import { subscribeToUnreadCounts } from "@/data/unread-counts";
import { newNotifications, type UnreadCounts, unreadTotal } from "@/domain/notifications/unread-counts";
import { useSettled } from "@/lib/after-settled";
import { messageKeys } from "./keys";
import { useLiveQuery } from "./live-query";

/**
 * The signed-in user's unread counts (unreadCounts/{uid}, kept by the functions), live: the one listener
 * of the unread badges on every page, however many conversations the user has. It starts once the page
 * has settled (src/lib/after-settled.ts): the badge is not worth loading the full Firestore SDK before the
 * page's own first paint. No 'Errore' toast when it fails (logged only): this runs on every page.
 */
export function useUnreadCounts(uid: string): UnreadCounts | undefined {
  const settled = useSettled();
  return useLiveQuery<UnreadCounts>({
    queryKey: messageKeys.unread(uid),
    subscribe: (listener) => subscribeToUnreadCounts(uid, listener),
    enabled: settled,
  }).data;
}

/**
 * Unread messages and new offers of `uid` across their conversations (the header's 'Messaggi' badge).
 * The conversation open on screen is left out, as in the list: its chat marks messages read.
 */
export function useUnreadTotal(uid: string, openConversationId?: string): number {
  return unreadTotal(useUnreadCounts(uid), openConversationId);
}

/**
 * The unread counts the header's listener keeps in the cache (messageKeys.unread), without listening
 * itself: the header is on every page (src/app/layouts/root-layout.tsx), so the conversation list and the
 * open chat read the same document with no second listener.
 */
export function useCachedUnreadCounts(uid: string): UnreadCounts | undefined {
  return useQuery<UnreadCounts>({ queryKey: messageKeys.unread(uid), queryFn: skipToken }).data;
}

/**
 * Notifications new since the bell was last opened (the bell's badge): from the same document as the
 * unread total, read from the cache the 'Messaggi' badge's listener keeps, so the bell opens no
 * listener of its own on a page load. Undefined until that listener's first snapshot.
 */
export function useNewNotifications(uid: string): number | undefined {
  const counts = useCachedUnreadCounts(uid);
  return counts === undefined ? undefined : newNotifications(counts);
}
