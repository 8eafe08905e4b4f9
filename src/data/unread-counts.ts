import type { DocumentData, Unsubscribe } from "firebase/firestore";
import type { Firestore as LiteDb, WriteBatch } from "firebase/firestore/lite";
import { COLLECTIONS } from "@/domain/core/collections";
import {
  NO_UNREAD,
  type UnreadCounts,
  unreadCountsSchema,
  unreadWrites,
} from "@/domain/notifications/unread-counts";
import { parseDocument } from "./document";
import { type FirestoreLiteSdk, type Listener, subscribeToDocument, withOwnFirestore } from "./listen";

/**
 * unreadCounts/{uid} (src/domain/notifications/unread-counts.ts): the user's unread messages and new offers per
 * conversation, and the bell's count of new notifications, kept by the functions. The app follows it
 * with one listener (the header's badges, the conversation list's badges) and, as its owner, only ever
 * takes a conversation off it (a merge that deletes the conversation's key) or sets the bell's count
 * back to 0, which firestore.rules allows and nothing more. A merge rather than an
 * update, so clearing never fails for a user who has no document yet (it creates an empty one).
 */

/** The stored document as the domain's value; a malformed one reads as nothing unread (with a warning). */
export function readUnreadCounts(data: DocumentData | undefined): UnreadCounts {
  return (
    parseDocument(unreadCountsSchema, data, null, "Conteggio dei non letti ignorato: dati non validi") ??
    NO_UNREAD
  );
}

/** The user's unread counts, live; nothing unread while the document does not exist. */
export function subscribeToUnreadCounts(uid: string, listener: Listener<UnreadCounts>): Unsubscribe {
  return subscribeToDocument(
    (fs, db) => fs.doc(db, COLLECTIONS.unreadCounts, uid),
    (snapshot) => readUnreadCounts(snapshot.data()),
    { next: (counts) => listener.next(counts ?? NO_UNREAD), error: listener.error },
  );
}

/** Adds "the conversation is read" to a Firestore Lite batch (the chat's readBy marks go in the same one). */
export function clearUnreadIn(
  fs: FirestoreLiteSdk,
  db: LiteDb,
  batch: WriteBatch,
  uid: string,
  conversationId: string,
): void {
  batch.set(fs.doc(db, COLLECTIONS.unreadCounts, uid), unreadWrites.clear(conversationId, fs.deleteField), {
    merge: true,
  });
}

/** The conversation is read: its entry goes from the user's unread counts (withOwnFirestore, as the read marks). */
export async function clearUnread(uid: string, conversationId: string): Promise<void> {
  await withOwnFirestore(uid, (fs, db) =>
    fs.setDoc(fs.doc(db, COLLECTIONS.unreadCounts, uid), unreadWrites.clear(conversationId, fs.deleteField), {
      merge: true,
    }),
  );
}

/**
 * The bell was opened: its count of new notifications goes back to 0 (a merge, like the clearing of a
 * conversation, so a user with no document yet gets an empty one). withOwnFirestore: the header's
 * listener has loaded the full SDK already.
 */
export async function markNotificationsSeen(uid: string): Promise<void> {
  await withOwnFirestore(uid, (fs, db) =>
    fs.setDoc(fs.doc(db, COLLECTIONS.unreadCounts, uid), unreadWrites.notificationsSeen(), { merge: true }),
  );
}
