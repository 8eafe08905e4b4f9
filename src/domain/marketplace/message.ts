import { z } from "zod";
import { VALIDATION_MESSAGES } from "../core/common-messages.ts";
import { dateSchema, idSchema, requiredText } from "../core/fields.ts";
import { CHAT_MESSAGE_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from "../core/limits.ts";
import { userTypeSchema } from "../core/user-type.ts";

/** One message per second per sender: the rules refuse a sender's message sooner after their last one. */
export const MESSAGE_MIN_INTERVAL_MS = 1000;

import { MESSAGE_TYPES } from "./message-type.ts";

export { MESSAGE_TYPE, MESSAGE_TYPES, SYSTEM_SENDER_NAME } from "./message-type.ts";
export const messageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof messageTypeSchema>;

const contentSchema = requiredText(CHAT_MESSAGE_MAX_LENGTH, VALIDATION_MESSAGES.emptyMessage);

/** A message under conversations/{id}/messages (spec §3). */
export const messageSchema = z.object({
  id: idSchema,
  conversationId: idSchema,
  senderId: idSchema,
  senderName: z.string().max(DISPLAY_NAME_MAX_LENGTH),
  senderType: userTypeSchema,
  content: contentSchema,
  type: messageTypeSchema,
  readBy: z.array(idSchema),
  createdAt: dateSchema,
});
export type Message = z.infer<typeof messageSchema>;

/**
 * What a participant writes. The data layer sets senderId (the signed-in user), type `text`,
 * readBy [sender] and createdAt, then updates the conversation's lastMessage and updatedAt.
 */
export const newMessageInputSchema = z.object({
  conversationId: idSchema,
  senderName: z.string().trim().max(DISPLAY_NAME_MAX_LENGTH),
  senderType: userTypeSchema,
  content: contentSchema,
});
export type NewMessageInput = z.infer<typeof newMessageInputSchema>;

/**
 * A thread from several reads (older pages, the live window), oldest first, each message once: the
 * later list wins for a message present in several (the live copy carries the latest readBy).
 */
export function mergeThread<T extends Pick<Message, "id" | "createdAt">>(
  ...lists: ReadonlyArray<readonly T[]>
): T[] {
  const byId = new Map<string, T>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export function isReadBy(message: Pick<Message, "readBy">, uid: string): boolean {
  return message.readBy.includes(uid);
}

/**
 * Badges count unread messages up to this many and then read "50+": each conversation's count stops
 * there (unread-counts.ts countMessage), so beyond it a number would pretend to be exact.
 */
export const UNREAD_BADGE_CAP = 50;

/** A badge's text: the count, or "50+" from the cap on. */
export function formatUnreadCount(count: number): string {
  return count >= UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/** The count for screen readers: '1 non letto', '3 non letti', '50+ non letti'. */
export function unreadLabel(count: number): string {
  return `${formatUnreadCount(count)} ${count === 1 ? "non letto" : "non letti"}`;
}
