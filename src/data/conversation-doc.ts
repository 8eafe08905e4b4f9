import type { DocumentData } from "firebase/firestore/lite";
import {
  type Conversation,
  conversationSchema,
  type NewConversationInput,
  newConversationInputSchema,
} from "@/domain/conversation";
import { fromFirestoreValue } from "./firestore-values";

/**
 * conversations/{id}: the document's shape, with no SDK attached, so both the full SDK (live chats,
 * ./conversations.ts) and Firestore Lite (opening a chat with an offer, ./offers.ts) use the same one.
 */
export const CONVERSATIONS_COLLECTION = "conversations";

/** The conversation in a document, or null (with a warning) when it does not match the schema. */
export function parseConversation(id: string, data: DocumentData | undefined): Conversation | null {
  const parsed = conversationSchema.safeParse({ ...(fromFirestoreValue(data ?? {}) as object), id });
  if (parsed.success) return parsed.data;
  console.warn(`Conversazione ${id} ignorata: dati non validi`, parsed.error.issues);
  return null;
}

/**
 * A new conversation's fields (validated; status active). The writer adds createdAt and updatedAt as
 * server timestamps of its own SDK.
 */
export function newConversationFields(input: NewConversationInput): DocumentData {
  const parsed = newConversationInputSchema.parse(input);
  return {
    participants: parsed.participants,
    requestId: parsed.requestId,
    offerId: parsed.offerId,
    status: "active",
  };
}
