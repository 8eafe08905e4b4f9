import type { DocumentData, Firestore, QuerySnapshot, Unsubscribe } from "firebase/firestore";
import type { Firestore as LiteDb, WriteBatch } from "firebase/firestore/lite";
import { COLLECTIONS, MESSAGE_FIELDS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { MESSAGE_PAGE_SIZE } from "@/domain/core/limits";
import { type Message, messageSchema, type NewMessageInput } from "@/domain/marketplace/message";
import { buildMessageWrite } from "@/domain/marketplace/message-document";
import { unreadWrites } from "@/domain/notifications/unread-counts";
import { isPresent, parseDocument, parseRestDocuments } from "./document";
import type { RestDocument } from "./firestore-rest";
import {
  type FirestoreLiteSdk,
  type FirestoreSdk,
  type Listener,
  lazyListen,
  readLiteQuery,
  withFirestore,
  withOwnFirestore,
} from "./listen";
import { newestMessagesQuery } from "./page-queries";
import { inSlices } from "./slices";
import { clearUnreadIn } from "./unread-counts";

/**
 * conversations/{id}/messages (spec §3, §7). Participants add messages (senderId = themselves, readBy =
 * [themselves]) and may only add their own uid to readBy afterwards (firestore.rules). Sending writes the
 * message and the conversation's lastMessage/updatedAt in one batch: both or neither. The full SDK (live
 * screen) loads on demand through ./listen.ts; both documents come from the domain's builder
 * (src/domain/marketplace/message-document.ts).
 */

/** The message in a document, or null (with a warning) when it does not match the schema. */
export function parseMessage(id: string, data: DocumentData | undefined): Message | null {
  return parseDocument(messageSchema, data, id, `Messaggio ${id} ignorato: dati non validi`);
}

function readMessages(snapshot: QuerySnapshot): Message[] {
  return snapshot.docs
    .map((item) => parseMessage(item.id, item.data({ serverTimestamps: "estimate" })))
    .filter(isPresent);
}

function messagesCollection(fs: FirestoreSdk, db: Firestore, conversationId: string) {
  return fs.collection(db, COLLECTIONS.conversations, conversationId, SUBCOLLECTIONS.messages);
}

/**
 * The latest MESSAGE_PAGE_SIZE messages of a conversation, live, oldest first (spec §7). The rules bound
 * every list, so the thread is a window on its newest messages; loadOlderMessages reads further back.
 * With `after`, the window holds only messages sent after it: a chat that has just read its newest
 * messages once is billed for none of them again (docs/scale.md).
 */
export function subscribeToMessages(
  conversationId: string,
  listener: Listener<Message[]>,
  /** The newest message the screen already holds: then only what arrived after it, oldest first. */
  after?: Date,
): Unsubscribe {
  return lazyListen(
    (fs, db, fail) =>
      fs.onSnapshot(
        after
          ? fs.query(
              messagesCollection(fs, db, conversationId),
              fs.where(MESSAGE_FIELDS.createdAt, ">", after),
              fs.orderBy(MESSAGE_FIELDS.createdAt, "asc"),
              // The newest, however many arrive while the chat is open (the screen keeps the rest).
              fs.limitToLast(MESSAGE_PAGE_SIZE),
            )
          : fs.query(
              messagesCollection(fs, db, conversationId),
              fs.orderBy(MESSAGE_FIELDS.createdAt, "desc"),
              fs.limit(MESSAGE_PAGE_SIZE),
            ),
        (snapshot) => {
          const messages = readMessages(snapshot);
          listener.next(after ? messages : messages.reverse());
        },
        fail,
      ),
    listener.error,
  );
}

/**
 * The newest `max` messages of a conversation once, newest first, over Firestore Lite: the chat paints
 * from this read and follows with its listener once settled.
 */
export async function readNewestMessages(conversationId: string, max: number): Promise<Message[]> {
  const documents = await readLiteQuery(newestMessagesQuery(conversationId, max));
  return (await inSlices(documents, (item) => parseMessage(item.id, item.data()))).filter(isPresent);
}

/** The same messages from a read over REST (src/lib/first-read.ts), parsed in slices. */
export function parseMessageDocuments(documents: readonly RestDocument[]): Promise<Message[]> {
  return parseRestDocuments(documents, parseMessage);
}

/**
 * Up to MESSAGE_PAGE_SIZE messages sent before `beforeId` (a message of the thread), oldest first: a
 * one-off read for 'Carica messaggi precedenti'. The cursor is the stored message itself, so messages
 * sharing its timestamp are neither skipped nor repeated.
 */
export async function loadOlderMessages(conversationId: string, beforeId: string): Promise<Message[]> {
  return withFirestore(async (fs, db) => {
    const messages = messagesCollection(fs, db, conversationId);
    const cursor = await fs.getDoc(fs.doc(messages, beforeId));
    const snapshot = await fs.getDocs(
      fs.query(
        messages,
        fs.orderBy(MESSAGE_FIELDS.createdAt, "desc"),
        fs.startAfter(cursor),
        fs.limit(MESSAGE_PAGE_SIZE),
      ),
    );
    return readMessages(snapshot).reverse();
  });
}

/** A fresh id for a message about to be sent, so the optimistic copy and the stored one share it. */
export function newMessageId(conversationId: string): Promise<string> {
  return withFirestore(async (fs, db) => fs.doc(messagesCollection(fs, db, conversationId)).id);
}

export type SendMessageInput = NewMessageInput & { id: string; senderId: string };

/** Adds the message and updates the conversation's lastMessage and updatedAt in one batch. */
export async function sendMessage({ id, senderId, ...input }: SendMessageInput): Promise<void> {
  await withFirestore(async (fs, db) => {
    const { message, conversationUpdate } = buildMessageWrite(senderId, input, fs.serverTimestamp, id);
    const batch = fs.writeBatch(db);
    batch.set(fs.doc(messagesCollection(fs, db, message.conversationId), id), message);
    batch.update(fs.doc(db, COLLECTIONS.conversations, message.conversationId), conversationUpdate);
    await batch.commit();
  });
}

/**
 * Adds `uid` to readBy of the given messages (only that field, as the rules require) and, in the same
 * batch, takes the conversation off the user's unread counts (./unread-counts.ts): the messages and the
 * badge are read together or not at all. Best effort, after the chat has painted, and only while the
 * session is still `uid`'s (withOwnFirestore).
 */
export async function markMessagesRead(conversationId: string, messageIds: readonly string[], uid: string) {
  if (messageIds.length === 0) return;
  await withOwnFirestore(uid, async (fs, db) => {
    const batch = fs.writeBatch(db);
    for (const id of messageIds) {
      batch.update(
        fs.doc(db, COLLECTIONS.conversations, conversationId, SUBCOLLECTIONS.messages, id),
        readByUpdate(fs.arrayUnion, uid),
      );
    }
    batch.set(fs.doc(db, COLLECTIONS.unreadCounts, uid), unreadWrites.clear(conversationId, fs.deleteField), {
      merge: true,
    });
    await batch.commit();
  });
}

/** The one field a reader may change on a message: their uid added to readBy. */
function readByUpdate<Union>(arrayUnion: (...elements: unknown[]) => Union, uid: string) {
  return { [MESSAGE_FIELDS.readBy]: arrayUnion(uid) };
}

/** markMessagesRead's writes, into a Firestore Lite batch (the rules and integration tests send them so). */
export function markMessagesReadIn(
  fs: FirestoreLiteSdk,
  db: LiteDb,
  batch: WriteBatch,
  { conversationId, messageIds, uid }: { conversationId: string; messageIds: readonly string[]; uid: string },
): void {
  for (const id of messageIds) {
    batch.update(
      fs.doc(db, COLLECTIONS.conversations, conversationId, SUBCOLLECTIONS.messages, id),
      readByUpdate(fs.arrayUnion, uid),
    );
  }
  clearUnreadIn(fs, db, batch, uid, conversationId);
}
