import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import {
  loadOlderMessages,
  markMessagesRead,
  newMessageId,
  readNewestMessages,
  sendMessage,
  subscribeToMessages,
  subscribeToRecentMessages,
} from "@/data/messages";
import { markOfferSeen } from "@/data/notifications";
import type { Conversation } from "@/domain/conversation";
import {
  countUnread,
  isReadBy,
  MESSAGE_PAGE_SIZE,
  type Message,
  mergeThread,
  UNREAD_BADGE_CAP,
} from "@/domain/message";
import { ERROR_MESSAGES } from "@/domain/messages";
import type { UserType } from "@/domain/user-type";
import { useSettled } from "@/lib/after-settled";
import { failWith } from "@/lib/app-error";
import { messageKeys } from "./keys";
import { useLiveQuery } from "./live-query";

/** How many recent messages a closed conversation's unread count looks at ("50+" beyond). */
export const UNREAD_WINDOW = UNREAD_BADGE_CAP;

/** The conversation's newest messages (MESSAGE_PAGE_SIZE), live, oldest first. */
export function useMessages(conversationId: string) {
  return useLiveQuery<Message[]>({
    queryKey: messageKeys.thread(conversationId),
    subscribe: (listener) => subscribeToMessages(conversationId, listener),
    read: () => readNewestMessages(conversationId, MESSAGE_PAGE_SIZE).then((newest) => newest.reverse()),
    errorMessage: ERROR_MESSAGES.loadMessages,
  });
}

type History = { conversationId: string; kept: Message[]; exhausted: boolean };

/**
 * The thread as shown: older pages the user asked for ('Carica messaggi precedenti') followed by the live
 * window. Each page also keeps the live window of that moment, so a message that later slides out of
 * the window (new ones arrived) stays on screen instead of leaving a gap.
 */
export function useThreadHistory(conversationId: string, live: readonly Message[] | undefined) {
  const { toastError } = useToast();
  const [history, setHistory] = useState<History>({ conversationId, kept: [], exhausted: false });
  const [loading, setLoading] = useState(false);
  const current = history.conversationId === conversationId ? history : null;
  const messages = useMemo(() => mergeThread(current?.kept ?? [], live ?? []), [current, live]);
  const canLoadOlder = !current?.exhausted && messages.length >= MESSAGE_PAGE_SIZE;

  const loadOlder = async () => {
    const oldest = messages[0];
    if (!oldest || loading) return;
    setLoading(true);
    try {
      const older = await loadOlderMessages(conversationId, oldest.id);
      setHistory({
        conversationId,
        kept: mergeThread(older, messages),
        exhausted: older.length < MESSAGE_PAGE_SIZE,
      });
    } catch (error) {
      console.error(ERROR_MESSAGES.loadMessages, error);
      toastError(ERROR_MESSAGES.loadMessages);
    } finally {
      setLoading(false);
    }
  };

  return { messages, canLoadOlder, loadOlder, loadingOlder: loading };
}

/**
 * Unread messages of a conversation the user is not looking at, counted from a listener on its latest
 * UNREAD_WINDOW messages. Trade-off: one small listener per listed conversation instead of a
 * per-user counter on the conversation document, which the spec does not have and the rules would have
 * to let the other party write; fine for the few dozen conversations a user has.
 */
export function useUnreadCount(conversationId: string, uid: string, enabled: boolean): number {
  const settled = useSettled();
  const { data } = useLiveQuery<Message[]>({
    queryKey: messageKeys.recent(conversationId),
    subscribe: (listener) => subscribeToRecentMessages(conversationId, UNREAD_WINDOW, listener),
    // Once the page has settled, with the header's unread total: a first read here would parse the
    // last UNREAD_WINDOW messages of every listed conversation before the list is interactive.
    enabled: enabled && settled,
  });
  return enabled && data ? countUnread(data, uid) : 0;
}

export type SendMessageVariables = {
  conversationId: string;
  sender: { uid: string; name: string; type: UserType };
  content: string;
};

/**
 * Sends a message, shown at once (optimistic copy in the thread's cache, same id as the stored one).
 * A failure removes the copy and reaches the app's MutationCache as 'Errore nell'invio del messaggio'.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ conversationId, sender, content, id }: SendMessageVariables & { id: string }) =>
      sendMessage({
        id,
        conversationId,
        senderId: sender.uid,
        senderName: sender.name,
        senderType: sender.type,
        content,
      }).catch(failWith(ERROR_MESSAGES.sendMessage)),
    onMutate: ({ conversationId, sender, content, id }) => {
      const optimistic: Message = {
        id,
        conversationId,
        senderId: sender.uid,
        senderName: sender.name,
        senderType: sender.type,
        content,
        type: "text",
        readBy: [sender.uid],
        createdAt: new Date(),
      };
      queryClient.setQueryData<Message[]>(messageKeys.thread(conversationId), (list = []) =>
        list.some((message) => message.id === id) ? list : [...list, optimistic],
      );
    },
    onError: (_error, { conversationId, id }) => {
      queryClient.setQueryData<Message[]>(messageKeys.thread(conversationId), (list) =>
        list?.filter((message) => message.id !== id),
      );
    },
  });
}

/** A new id for the message about to be sent (failures read as a send failure). */
export const prepareMessageId = (conversationId: string) =>
  newMessageId(conversationId).catch(failWith(ERROR_MESSAGES.sendMessage));

/**
 * While the chat is open, adds the user's uid to readBy of the others' messages they have not read.
 * Best effort: a failed write is logged and retried with the next snapshot.
 */
export function useMarkAsRead(conversationId: string, uid: string, messages: readonly Message[] | undefined) {
  const inFlight = useRef(new Set<string>());
  useEffect(() => {
    if (!messages) return;
    const ids = messages
      .filter(
        (message) => message.senderId !== uid && !isReadBy(message, uid) && !inFlight.current.has(message.id),
      )
      .map((message) => message.id);
    if (ids.length === 0) return;
    for (const id of ids) inFlight.current.add(id);
    markMessagesRead(conversationId, ids, uid)
      .catch((error: unknown) => console.warn("Impossibile segnare i messaggi come letti", error))
      .finally(() => {
        for (const id of ids) inFlight.current.delete(id);
      });
  }, [conversationId, uid, messages]);
}

/**
 * The buyer opened the chat of a new offer: it no longer counts as unread (conversation.unreadOfferFor,
 * set by submitOffer). Best effort, like the messages' readBy.
 */
export function useMarkOfferSeen(conversation: Pick<Conversation, "id" | "unreadOfferFor">, uid: string) {
  const unseen = conversation.unreadOfferFor === uid;
  useEffect(() => {
    // Once per conversation and page: a remount or a snapshot that has not caught up yet would
    // otherwise clear a mark that is already gone, which the rules refuse.
    if (!unseen || offersMarkedSeen.has(conversation.id)) return;
    offersMarkedSeen.add(conversation.id);
    markOfferSeen(conversation.id).catch((error: unknown) => {
      offersMarkedSeen.delete(conversation.id);
      console.warn("Impossibile segnare l'offerta come vista", error);
    });
  }, [conversation.id, unseen]);
}

const offersMarkedSeen = new Set<string>();
