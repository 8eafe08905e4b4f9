import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { isPermissionDenied } from "@/data/listen";
import {
  loadOlderMessages,
  markMessagesRead,
  newMessageId,
  sendMessage,
  subscribeToMessages,
} from "@/data/messages";
import { clearUnread } from "@/data/unread-counts";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { MESSAGE_PAGE_SIZE } from "@/domain/core/limits";
import type { UserType } from "@/domain/core/user-type";
import type { Conversation } from "@/domain/marketplace/conversation";
import { isReadBy, type Message, mergeThread } from "@/domain/marketplace/message";
import type { Offer } from "@/domain/marketplace/offer";
import { isPendingOffer } from "@/domain/marketplace/state-machine";
import { failWith } from "@/lib/app-error";
import { readThread } from "./chat-reads";
import { messageKeys } from "./keys";
import { useLiveQuery } from "./live-query";
import { useCachedUnreadCounts } from "./unread-total";

/**
 * The conversation's newest messages (MESSAGE_PAGE_SIZE), oldest first, read once and then live: the
 * listener asks only for messages after the newest one read, and adds them to the thread.
 */
export function useMessages(conversationId: string) {
  const client = useQueryClient();
  return useLiveQuery<Message[]>({
    // Refused (the conversation closed to this user, their account suspended): the conversation is read
    // again, and the chat says it is no longer theirs.
    onListenerError: (cause) => {
      if (!isPermissionDenied(cause)) return;
      void client.invalidateQueries({ queryKey: messageKeys.conversation(conversationId), exact: true });
    },
    queryKey: messageKeys.thread(conversationId),
    subscribe: (listener, current) => subscribeToMessages(conversationId, listener, newestSentAt(current)),
    merge: (current, arrived) => mergeThread(current ?? [], arrived),
    read: () => readThread(conversationId),
    errorMessage: ERROR_MESSAGES.loadMessages,
  });
}

/** When the newest stored message of the thread was sent (a copy still being sent does not count). */
function newestSentAt(thread: readonly Message[] | undefined): Date | undefined {
  return thread?.at(-1)?.createdAt;
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
 * While the chat is open, adds the user's uid to readBy of the others' messages they have not read, and
 * takes the conversation off their unread counts in the same batch (markMessagesRead).
 * Best effort: a failed write is logged and retried with the next snapshot.
 */
export function useMarkAsRead(conversationId: string, uid: string, messages: readonly Message[] | undefined) {
  const client = useQueryClient();
  // Sent or being sent. The thread's copies of the messages first read are not followed (the listener
  // asks only for newer ones) and the rules refuse a second mark, so the copies in the cache are marked
  // too (the chat opened again later shows them read) and this screen never sends one twice.
  const marked = useRef(new Set<string>());
  useEffect(() => {
    if (!messages) return;
    const ids = messages
      .filter(
        (message) => message.senderId !== uid && !isReadBy(message, uid) && !marked.current.has(message.id),
      )
      .map((message) => message.id);
    if (ids.length === 0) return;
    for (const id of ids) marked.current.add(id);
    markMessagesRead(conversationId, ids, uid).then(
      () =>
        client.setQueryData<Message[]>(messageKeys.thread(conversationId), (thread) =>
          thread?.map((message) =>
            ids.includes(message.id) && !isReadBy(message, uid)
              ? { ...message, readBy: [...message.readBy, uid] }
              : message,
          ),
        ),
      (error: unknown) => {
        console.warn("Impossibile segnare i messaggi come letti", error);
        for (const id of ids) marked.current.delete(id);
      },
    );
  }, [conversationId, uid, messages, client]);
}

/**
 * While the chat is open, whatever the user's unread counts hold for it goes (the header's listener's
 * copy: no listener here): an entry from before the chat was opened once the page has settled, a new
 * offer submitted while it is open (read by being on screen). Messages need no help: the trigger counts
 * none the chat has already marked read, and markMessagesRead clears what it counted before. Each entry
 * is cleared once: a snapshot that has not caught up with the clear yet shows the same entry again.
 */
export function useClearUnreadWhileOpen(conversationId: string, uid: string) {
  const entry = useCachedUnreadCounts(uid)?.conversations[conversationId];
  const shown = entry ? JSON.stringify(entry) : null;
  const cleared = useRef<string | null>(null);
  useEffect(() => {
    if (shown === null) {
      cleared.current = null;
      return;
    }
    if (shown === cleared.current) return;
    cleared.current = shown;
    clearUnread(uid, conversationId).catch((error: unknown) => {
      cleared.current = null;
      console.warn("Impossibile segnare la conversazione come letta", error);
    });
  }, [shown, uid, conversationId]);
}

/**
 * The buyer opened the chat of a pending offer, which may be new to them (submitOffer marks it unread
 * in their unread counts): the conversation's entry goes at once, once while the chat is open.
 * useClearUnreadWhileOpen does it too, but only once the page has settled and the header listens; a
 * buyer who looks at the offer and leaves sooner must not find it unread again. Clearing an entry that
 * is not there is a harmless no-op for the rules, so a remount may simply clear again.
 */
export function useMarkOfferSeen(
  conversation: Pick<Conversation, "id" | "participants">,
  offer: Pick<Offer, "status"> | null | undefined,
  uid: string,
) {
  const maybeNew =
    conversation.participants.customerId === uid && offer != null && isPendingOffer(offer.status);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!maybeNew || done.current === conversation.id) return;
    done.current = conversation.id;
    clearUnread(uid, conversation.id).catch((error: unknown) => {
      done.current = null;
      console.warn("Impossibile segnare l'offerta come vista", error);
    });
  }, [conversation.id, maybeNew, uid]);
}
