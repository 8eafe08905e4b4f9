import type { DocumentData, Firestore, QuerySnapshot, Unsubscribe } from "firebase/firestore";
import { type Message, messageSchema, type NewMessageInput, newMessageInputSchema } from "@/domain/message";
import { getDb } from "@/lib/firebase";
import { CONVERSATIONS_COLLECTION } from "./conversation-doc";
import { fromFirestoreValue } from "./firestore-values";

/**
 * conversations/{id}/messages (spec §3, §7). Participants add messages (senderId = themselves, readBy =
 * [themselves]) and may only add their own uid to readBy afterwards (firestore.rules). Sending writes the
 * message and the conversation's lastMessage/updatedAt in one batch: both or neither.
 *
 * The full SDK (listeners) is only ever imported dynamically here, like lib/firebase.ts getDb does, so
 * the messages route's initial JS stays within budget (architecture §8; scripts/size.mjs ON_DEMAND).
 */
export type FirestoreSdk = typeof import("firebase/firestore");

export const loadFirestoreSdk = (): Promise<FirestoreSdk> => import("firebase/firestore");
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

function messagesCollection(fs: FirestoreSdk, db: Firestore, conversationId: string) {
  return fs.collection(db, CONVERSATIONS_COLLECTION, conversationId, MESSAGES_SUBCOLLECTION);
}

/**
 * A listener the rules refused is a bug: the app asked for something production refuses too ('rules are
 * not filters'). It is reported on the console (the end-to-end tests fail on it) and then handled as any
 * other error. Listeners that expect a refusal (a document the rules hide) handle it before this.
 */
export function reportingRefusals(onError: (error: unknown) => void): (error: unknown) => void {
  return (error) => {
    if (
      typeof error === "object" &&
      error !== null &&
      "code" in error &&
      error.code === "permission-denied"
    ) {
      console.error("Firestore rules refused a live query (permission-denied)", error);
    }
    onError(error);
  };
}

/**
 * Starts a listener once Firestore is loaded (lazily, src/lib/firebase.ts) and returns a synchronous
 * unsubscribe, so React effects can clean up even before the SDK has arrived. `start` gets the error
 * handler to give the listener (refusals reported, see reportingRefusals).
 */
export function lazyListen(
  start: (fs: FirestoreSdk, db: Firestore, fail: (error: unknown) => void) => Unsubscribe,
  onError: (error: unknown) => void,
): Unsubscribe {
  let stop: Unsubscribe | null = null;
  let cancelled = false;
  const fail = reportingRefusals(onError);
  Promise.all([loadFirestoreSdk(), getDb()])
    .then(([fs, db]) => {
      if (!cancelled) stop = start(fs, db, fail);
    })
    .catch(fail);
  return () => {
    cancelled = true;
    stop?.();
  };
}

/** Live messages of a conversation, oldest first (spec §7). */
export function subscribeToMessages(conversationId: string, listener: Listener<Message[]>): Unsubscribe {
  return lazyListen(
    (fs, db, fail) =>
      fs.onSnapshot(
        fs.query(messagesCollection(fs, db, conversationId), fs.orderBy("createdAt", "asc")),
        (snapshot) => listener.next(readMessages(snapshot)),
        fail,
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
    (fs, db, fail) =>
      fs.onSnapshot(
        fs.query(messagesCollection(fs, db, conversationId), fs.orderBy("createdAt", "desc"), fs.limit(max)),
        (snapshot) => listener.next(readMessages(snapshot)),
        fail,
      ),
    listener.error,
  );
}

/** A fresh id for a message about to be sent, so the optimistic copy and the stored one share it. */
export async function newMessageId(conversationId: string): Promise<string> {
  const [fs, db] = await Promise.all([loadFirestoreSdk(), getDb()]);
  return fs.doc(messagesCollection(fs, db, conversationId)).id;
}

export type SendMessageInput = NewMessageInput & { id: string; senderId: string };

/** Adds the message and updates the conversation's lastMessage and updatedAt in one batch. */
export async function sendMessage({ id, senderId, ...input }: SendMessageInput): Promise<void> {
  const parsed = newMessageInputSchema.parse(input);
  const [fs, db] = await Promise.all([loadFirestoreSdk(), getDb()]);
  const batch = fs.writeBatch(db);
  batch.set(fs.doc(messagesCollection(fs, db, parsed.conversationId), id), {
    conversationId: parsed.conversationId,
    senderId,
    senderName: parsed.senderName,
    senderType: parsed.senderType,
    content: parsed.content,
    type: "text",
    readBy: [senderId],
    createdAt: fs.serverTimestamp(),
  });
  batch.update(fs.doc(db, CONVERSATIONS_COLLECTION, parsed.conversationId), {
    lastMessage: { content: parsed.content, senderId, timestamp: fs.serverTimestamp() },
    updatedAt: fs.serverTimestamp(),
  });
  await batch.commit();
}

/** Adds `uid` to readBy of the given messages (only that field, as the rules require). */
export async function markMessagesRead(conversationId: string, messageIds: readonly string[], uid: string) {
  if (messageIds.length === 0) return;
  const [fs, db] = await Promise.all([loadFirestoreSdk(), getDb()]);
  const batch = fs.writeBatch(db);
  for (const id of messageIds) {
    batch.update(fs.doc(messagesCollection(fs, db, conversationId), id), { readBy: fs.arrayUnion(uid) });
  }
  await batch.commit();
}
