import {
  arrayUnion,
  collection,
  type DocumentData,
  doc,
  type Firestore,
  limit,
  onSnapshot,
  orderBy,
  type QuerySnapshot,
  query,
  serverTimestamp,
  type Unsubscribe,
  writeBatch,
} from "firebase/firestore";
import { type Message, messageSchema, type NewMessageInput, newMessageInputSchema } from "@/domain/message";
import { getDb } from "@/lib/firebase";
import { CONVERSATIONS_COLLECTION, conversationRef } from "./conversations";
import { fromFirestoreValue } from "./firestore-values";

/**
 * conversations/{id}/messages (spec §3, §7). Participants add messages (senderId = themselves, readBy =
 * [themselves]) and may only add their own uid to readBy afterwards (firestore.rules). Sending writes the
 * message and the conversation's lastMessage/updatedAt in one batch: both or neither.
 */
export const MESSAGES_SUBCOLLECTION = "messages";

export type Listener<T> = { next: (value: T) => void; error: (error: unknown) => void };

/** The message in a document, or null (with a warning) when it does not match the schema. */
export function parseMessage(id: string, data: DocumentData | undefined): Message | null {
  const parsed = messageSchema.safeParse({ ...(fromFirestoreValue(data ?? {}) as object), id });
  if (parsed.success) return parsed.data;
  console.warn(`Messaggio ${id} ignorato: dati non validi`, parsed.error.issues);
  return null;
}

function readMessages(snapshot: QuerySnapshot): Message[] {
  return snapshot.docs
    .map((item) => parseMessage(item.id, item.data({ serverTimestamps: "estimate" })))
    .filter((message): message is Message => message !== null);
}

function messagesCollection(db: Firestore, conversationId: string) {
  return collection(db, CONVERSATIONS_COLLECTION, conversationId, MESSAGES_SUBCOLLECTION);
}

/**
 * Starts a listener once Firestore is loaded (lazily, src/lib/firebase.ts) and returns a synchronous
 * unsubscribe, so React effects can clean up even before the SDK has arrived.
 */
export function lazyListen(
  start: (db: Firestore) => Unsubscribe,
  onError: (error: unknown) => void,
): Unsubscribe {
  let stop: Unsubscribe | null = null;
  let cancelled = false;
  getDb()
    .then((db) => {
      if (!cancelled) stop = start(db);
    })
    .catch(onError);
  return () => {
    cancelled = true;
    stop?.();
  };
}

/** Live messages of a conversation, oldest first (spec §7). */
export function subscribeToMessages(conversationId: string, listener: Listener<Message[]>): Unsubscribe {
  return lazyListen(
    (db) =>
      onSnapshot(
        query(messagesCollection(db, conversationId), orderBy("createdAt", "asc")),
        (snapshot) => listener.next(readMessages(snapshot)),
        listener.error,
      ),
    listener.error,
  );
}

/**
 * The latest `max` messages of a conversation, newest first: enough to count what the user has not read
 * in a conversation they are not looking at (the count stops at `max`).
 */
export function subscribeToRecentMessages(
  conversationId: string,
  max: number,
  listener: Listener<Message[]>,
): Unsubscribe {
  return lazyListen(
    (db) =>
      onSnapshot(
        query(messagesCollection(db, conversationId), orderBy("createdAt", "desc"), limit(max)),
        (snapshot) => listener.next(readMessages(snapshot)),
        listener.error,
      ),
    listener.error,
  );
}

/** A fresh id for a message about to be sent, so the optimistic copy and the stored one share it. */
export async function newMessageId(conversationId: string): Promise<string> {
  return doc(messagesCollection(await getDb(), conversationId)).id;
}

export type SendMessageInput = NewMessageInput & { id: string; senderId: string };

/** Adds the message and updates the conversation's lastMessage and updatedAt in one batch. */
export async function sendMessage({ id, senderId, ...input }: SendMessageInput): Promise<void> {
  const parsed = newMessageInputSchema.parse(input);
  const db = await getDb();
  const batch = writeBatch(db);
  batch.set(doc(messagesCollection(db, parsed.conversationId), id), {
    conversationId: parsed.conversationId,
    senderId,
    senderName: parsed.senderName,
    senderType: parsed.senderType,
    content: parsed.content,
    type: "text",
    readBy: [senderId],
    createdAt: serverTimestamp(),
  });
  batch.update(conversationRef(db, parsed.conversationId), {
    lastMessage: { content: parsed.content, senderId, timestamp: serverTimestamp() },
    updatedAt: serverTimestamp(),
  });
  await batch.commit();
}

/** Adds `uid` to readBy of the given messages (only that field, as the rules require). */
export async function markMessagesRead(conversationId: string, messageIds: readonly string[], uid: string) {
  if (messageIds.length === 0) return;
  const db = await getDb();
  const batch = writeBatch(db);
  for (const id of messageIds) {
    batch.update(doc(messagesCollection(db, conversationId), id), { readBy: arrayUnion(uid) });
  }
  await batch.commit();
}
