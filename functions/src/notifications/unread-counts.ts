import {
  type BulkWriter,
  FieldPath,
  FieldValue,
  type Firestore,
  type Transaction,
} from "firebase-admin/firestore";
import { COLLECTIONS, MESSAGE_FIELDS, SUBCOLLECTIONS, UNREAD_COUNTS_FIELDS } from "@/domain/core/collections";
import { countMessage, unreadCountsSchema, unreadWrites } from "@/domain/notifications/unread-counts";

/**
 * unreadCounts/{uid} (src/domain/notifications/unread-counts.ts), the functions' side: a message counted for its
 * recipient (onMessageCreated), a new offer marked unread for its buyer (submitOffer), one more new
 * notification for the bell with each notification written (notify.ts), the entries of
 * deleted conversations taken off (retention). The owner's app takes a conversation off when it is read;
 * deleteMyAccount deletes the document; exportMyData hands it out.
 */

export function unreadCountsRef(db: Firestore, uid: string) {
  return db.collection(COLLECTIONS.unreadCounts).doc(uid);
}

/**
 * One more unread message for `recipientId` in the conversation, in a transaction that reads the message
 * and the entry: at most once per message id however often the trigger is delivered, and not at all once
 * the recipient has read it. The app marks messages read and clears the entry in one batch
 * (src/data/messages.ts markMessagesRead), so a trigger that runs after the chat read its message counts
 * nothing, and one that runs before has its count cleared by that batch. Returns whether it counted.
 * Any age: an old message nobody is told about (events.ts isOldMessage) is still unread.
 */
export async function countUnreadMessage(
  db: Firestore,
  recipientId: string,
  message: { conversationId: string; messageId: string },
): Promise<boolean> {
  const ref = unreadCountsRef(db, recipientId);
  const messageRef = db
    .collection(COLLECTIONS.conversations)
    .doc(message.conversationId)
    .collection(SUBCOLLECTIONS.messages)
    .doc(message.messageId);
  return db.runTransaction(async (tx) => {
    const [stored, sent] = await tx.getAll(ref, messageRef);
    const readBy = sent?.get(MESSAGE_FIELDS.readBy);
    if (!sent?.exists || (Array.isArray(readBy) && readBy.includes(recipientId))) return false;
    const counts = unreadCountsSchema.safeParse(stored?.data() ?? {});
    const entry = counts.success ? counts.data.conversations[message.conversationId] : undefined;
    const next = countMessage(entry, message.messageId);
    if (!next) return false;
    tx.set(ref, changed(unreadWrites.message(message.conversationId, next)), { merge: true });
    return true;
  });
}

/**
 * A count the functions add, stamped with when (changedAt): a page whose listener's first snapshot comes
 * after it reads its screens again (src/lib/news.ts, newsAtFirstSnapshot).
 */
const changed = <T extends object>(write: T) => ({
  ...write,
  [UNREAD_COUNTS_FIELDS.changedAt]: FieldValue.serverTimestamp(),
});

/**
 * In the transaction that creates a notification for `uid` (notify.ts): one more for the bell's badge.
 * An increment, so it needs no read (callers stage notifications after their reads); the create fails
 * the whole transaction when the notification exists, so a retried flow never counts it twice.
 */
export function countNewNotification(tx: Transaction, db: Firestore, uid: string) {
  tx.set(
    unreadCountsRef(db, uid),
    changed({ [UNREAD_COUNTS_FIELDS.notifications]: FieldValue.increment(1) }),
    { merge: true },
  );
}

/**
 * In the caller's transaction (completeTransaction): one of `uid`'s deals moved without a notification
 * (the buyer rated the shop's sale), so the screens showing it read it again (src/lib/news.ts).
 */
export function countDealChange(tx: Transaction, db: Firestore, uid: string) {
  tx.set(unreadCountsRef(db, uid), changed({ [UNREAD_COUNTS_FIELDS.deals]: FieldValue.increment(1) }), {
    merge: true,
  });
}

/** In the caller's transaction (submitOffer): the conversation's new offer is unread by its buyer. */
export function markOfferUnread(tx: Transaction, db: Firestore, buyerId: string, conversationId: string) {
  tx.set(unreadCountsRef(db, buyerId), changed(unreadWrites.offer(conversationId)), { merge: true });
}

/**
 * A deleted conversation leaves each participant's counts (nobody could open it to clear it). An update,
 * not a merge: a user who has no document (never counted, or deleted their account) does not get one.
 */
export function clearDeletedConversation(
  writer: BulkWriter,
  db: Firestore,
  participantIds: readonly string[],
  conversationId: string,
): Promise<unknown>[] {
  const field = new FieldPath(UNREAD_COUNTS_FIELDS.conversations, conversationId);
  return participantIds.map((uid) =>
    writer.update(unreadCountsRef(db, uid), field, FieldValue.delete()).catch((error: unknown) => {
      if ((error as { code?: number }).code !== NOT_FOUND) throw error;
    }),
  );
}

/** gRPC NOT_FOUND: the update's document does not exist. */
const NOT_FOUND = 5;
