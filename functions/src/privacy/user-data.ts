import {
  type DocumentData,
  type Firestore,
  type QueryDocumentSnapshot,
  Timestamp,
} from "firebase-admin/firestore";
import {
  BLOCK_FIELDS,
  COLLECTIONS,
  CONVERSATION_FIELDS,
  MESSAGE_FIELDS,
  OFFER_FIELDS,
  REPORT_FIELDS,
  REQUEST_FIELDS,
  SUBCOLLECTIONS,
  USER_RECORD_FIELDS,
} from "@/domain/core/collections";

/**
 * Finding every document about one user: the export reads them, the deletion changes or removes them.
 * Each query names the user in a field (customerId, merchantId, participants.*, userId, reporterId,
 * blockerId), so nothing of anyone else's is read beyond the conversations the user takes part in.
 */

/** Firestore values → JSON: Timestamps as ISO strings, deeply. */
export function toJson(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJson);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value as DocumentData).map(([k, v]) => [k, toJson(v)]));
  }
  return value;
}

/** A document as `{id, ...fields}` in JSON. */
export function withId(snapshot: QueryDocumentSnapshot): Record<string, unknown> {
  return { id: snapshot.id, ...(toJson(snapshot.data()) as Record<string, unknown>) };
}

export async function requestsOf(db: Firestore, uid: string) {
  return (await db.collection(COLLECTIONS.requests).where(REQUEST_FIELDS.customerId, "==", uid).get()).docs;
}

export async function offersMadeBy(db: Firestore, uid: string) {
  return (await db.collection(COLLECTIONS.offers).where(OFFER_FIELDS.merchantId, "==", uid).get()).docs;
}

export async function offersReceivedBy(db: Firestore, uid: string) {
  return (await db.collection(COLLECTIONS.offers).where(OFFER_FIELDS.customerId, "==", uid).get()).docs;
}

/** The conversations the user takes part in, on either side, without duplicates. */
export async function conversationsOf(db: Firestore, uid: string) {
  const conversations = db.collection(COLLECTIONS.conversations);
  const [asCustomer, asMerchant] = await Promise.all([
    conversations.where(CONVERSATION_FIELDS.customerId, "==", uid).get(),
    conversations.where(CONVERSATION_FIELDS.merchantId, "==", uid).get(),
  ]);
  const byId = new Map<string, QueryDocumentSnapshot>();
  for (const snapshot of [...asCustomer.docs, ...asMerchant.docs]) byId.set(snapshot.id, snapshot);
  return [...byId.values()];
}

/** The messages the user wrote in one conversation. */
export async function messagesWrittenIn(conversation: QueryDocumentSnapshot, uid: string) {
  const messages = conversation.ref.collection(SUBCOLLECTIONS.messages);
  return (await messages.where(MESSAGE_FIELDS.senderId, "==", uid).get()).docs;
}

export async function algoRecordsOf(db: Firestore, uid: string) {
  const [conversations, learning] = await Promise.all([
    db.collection(COLLECTIONS.algoConversations).where(USER_RECORD_FIELDS.userId, "==", uid).get(),
    db.collection(COLLECTIONS.aiLearning).where(USER_RECORD_FIELDS.userId, "==", uid).get(),
  ]);
  return { conversations: conversations.docs, learning: learning.docs };
}

export async function reportsBy(db: Firestore, uid: string) {
  return (await db.collection(COLLECTIONS.reports).where(REPORT_FIELDS.reporterId, "==", uid).get()).docs;
}

export async function blocksInvolving(db: Firestore, uid: string) {
  const blocks = db.collection(COLLECTIONS.blocks);
  const [made, received] = await Promise.all([
    blocks.where(BLOCK_FIELDS.blockerId, "==", uid).get(),
    blocks.where(BLOCK_FIELDS.blockedId, "==", uid).get(),
  ]);
  return { made: made.docs, received: received.docs };
}
