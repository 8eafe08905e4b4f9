import { type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onDocumentCreated } from "firebase-functions/v2/firestore";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { participantsSchema } from "@/domain/marketplace/conversation";
import { NOTIFICATION_SETTINGS_IDS, PRESENCE_FIELDS } from "@/domain/notifications/notifications";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { cloudEmailQueue } from "./email-queue";
import { isAway, isOldMessage, messageReceivedEvent } from "./events";
import { type NotifyDeps, notificationSettingsRef, notify } from "./notify";
import { countUnreadMessage } from "./unread-counts";

/**
 * A new chat message (written by a participant's app under the rules, so no callable sees it): a
 * Firestore trigger counts it as unread for the other participant (their unreadCounts document, once
 * per message id: unread-counts.ts) and tells them when they have not been in the app for
 * NOTIFICATION_AWAY_MS (their presence document's lastSeenAt, which the app writes while open). The
 * notification's id is the message's, so a redelivered trigger writes nothing more; its e-mail goes at
 * most once per conversation an hour (the event's throttle).
 */
export interface NewMessage {
  conversationId: string;
  messageId: string;
  senderId: string;
  senderName: string;
  content: string;
}

/** "old": counted as unread, but history nobody is told about (events.ts isOldMessage). */
export type MessageOutcome = "notified" | "present" | "old" | "not-found";

/**
 * Handles one new message: counts it for its recipient, then notifies them if they are away. `old`
 * messages are counted only.
 */
export async function notifyNewMessage(
  deps: NotifyDeps,
  message: NewMessage,
  { old = false }: { old?: boolean } = {},
): Promise<MessageOutcome> {
  const { db } = deps;
  const chat = await db.collection(COLLECTIONS.conversations).doc(message.conversationId).get();
  const participants = participantsSchema.safeParse(chat.data()?.participants);
  if (!participants.success) return "not-found";
  const { customerId, merchantId } = participants.data;
  const recipientId = message.senderId === customerId ? merchantId : customerId;
  if (recipientId === message.senderId) return "not-found";
  await countUnreadMessage(db, recipientId, message);
  if (old) return "old";
  if (!isAway(await lastSeenAt(db, recipientId), deps.now())) return "present";
  await notify(
    deps,
    messageReceivedEvent({
      recipientId,
      conversationId: message.conversationId,
      messageId: message.messageId,
      senderName: message.senderName,
      preview: message.content,
    }),
  );
  return "notified";
}

async function lastSeenAt(db: Firestore, uid: string): Promise<Date | undefined> {
  const presence = await notificationSettingsRef(db, uid, NOTIFICATION_SETTINGS_IDS.presence).get();
  const value = presence.get(PRESENCE_FIELDS.lastSeenAt);
  return value instanceof Timestamp ? value.toDate() : undefined;
}

export const onMessageCreated = onDocumentCreated(
  sized("onMessageCreated", {
    document: `${COLLECTIONS.conversations}/{conversationId}/${SUBCOLLECTIONS.messages}/{messageId}`,
    region,
  }),
  async (event) => {
    const data = event.data?.data();
    if (!data) return;
    // Real time, not the functions' test clock: the message's createdAt is the server's real time too.
    const createdAt = data.createdAt instanceof Timestamp ? data.createdAt.toDate() : undefined;
    const db = adminDb();
    const outcome = await notifyNewMessage(
      { db, now: await clockFor(db), emailQueue: cloudEmailQueue() },
      {
        conversationId: event.params.conversationId,
        messageId: event.params.messageId,
        senderId: String(data.senderId ?? ""),
        senderName: String(data.senderName ?? ""),
        content: String(data.content ?? ""),
      },
      { old: isOldMessage(createdAt, new Date()) },
    );
    logger.info("Message notification", { conversationId: event.params.conversationId, outcome });
  },
);
