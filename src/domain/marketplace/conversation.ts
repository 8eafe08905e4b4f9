import { z } from "zod";
import { dateSchema, idSchema } from "../core/fields.ts";
import { CHAT_MESSAGE_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH } from "../core/limits.ts";
import { pickupTallySchema } from "./pickup-record.ts";
import { conversationStatusSchema } from "./state-machine.ts";

export const participantsSchema = z.object({
  customerId: idSchema,
  customerName: z.string().max(DISPLAY_NAME_MAX_LENGTH),
  merchantId: idSchema,
  merchantName: z.string().max(DISPLAY_NAME_MAX_LENGTH),
});
export type Participants = z.infer<typeof participantsSchema>;

/** Why a function closed a conversation: an admin's decision, or a participant deleted their account. */
export const CONVERSATION_CLOSED_BY = {
  moderation: "moderation",
  accountDeleted: "account_deleted",
} as const;

/** The latest message, echoed on the conversation; `id` names it (rules: it must exist; older documents lack it). */
export const lastMessageSchema = z.object({
  id: idSchema.optional(),
  content: z.string().max(CHAT_MESSAGE_MAX_LENGTH),
  senderId: idSchema,
  timestamp: dateSchema,
});
export type LastMessage = z.infer<typeof lastMessageSchema>;

/** A conversation document (spec §3). Status is `active` unless a function closed it (closedBy). */
export const conversationSchema = z.object({
  id: idSchema,
  participants: participantsSchema,
  requestId: idSchema,
  offerId: idSchema,
  /**
   * The request's product, copied by submitOffer so the conversation list titles each row without
   * reading its request (older conversations lack it: conversationTitle reads it then).
   */
  productName: z.string().max(PRODUCT_NAME_MAX_LENGTH).optional(),
  status: conversationStatusSchema,
  /** Why a function closed it (status `closed`). */
  closedBy: z.enum([CONVERSATION_CLOSED_BY.moderation, CONVERSATION_CLOSED_BY.accountDeleted]).optional(),
  lastMessage: lastMessageSchema.optional(),
  /** The buyer's collected / missed holds when the shop offered (submitOffer, pickup-record.ts). */
  buyerPickups: pickupTallySchema.optional(),
  createdAt: dateSchema,
  updatedAt: dateSchema,
});
export type Conversation = z.infer<typeof conversationSchema>;

/** What submitOffer opens with the offer; buildConversationDocument adds status and dates. */
export const newConversationInputSchema = z.object({
  participants: participantsSchema,
  requestId: idSchema,
  offerId: idSchema,
  productName: z.string().max(PRODUCT_NAME_MAX_LENGTH).optional(),
});
export type NewConversationInput = z.infer<typeof newConversationInputSchema>;

export function isParticipant(conversation: Pick<Conversation, "participants">, uid: string): boolean {
  return conversation.participants.customerId === uid || conversation.participants.merchantId === uid;
}

/** The other side of the chat, as seen by `uid`. */
export function otherParticipant(
  conversation: Pick<Conversation, "participants">,
  uid: string,
): { id: string; name: string } {
  const { customerId, customerName, merchantId, merchantName } = conversation.participants;
  return uid === customerId ? { id: merchantId, name: merchantName } : { id: customerId, name: customerName };
}

/**
 * Spec §7: conversations come from two queries (as customer, as merchant); merge them without
 * duplicates, most recently updated first.
 */
export function mergeConversations<T extends Pick<Conversation, "id" | "updatedAt">>(
  ...lists: ReadonlyArray<readonly T[]>
): T[] {
  const byId = new Map<string, T>();
  for (const list of lists) for (const conversation of list) byId.set(conversation.id, conversation);
  return [...byId.values()].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
}
