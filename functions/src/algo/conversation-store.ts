import {
  type DocumentData,
  type DocumentReference,
  type Firestore,
  Timestamp,
} from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { z } from "zod";
import type { AlgoExtractedData } from "@/domain/algo/algo";
import {
  ALGO_CONVERSATION_STATUS,
  ALGO_CONVERSATION_STATUSES,
  type AlgoConversationStatus,
} from "@/domain/algo/algo-conversation";
import { sanitizeExtractedData } from "@/domain/algo/extracted-data";
import { COLLECTIONS } from "@/domain/core/collections";
import { VALIDATION_MESSAGES } from "@/domain/core/common-messages";
import { ALGO_MESSAGE_MAX_LENGTH } from "@/domain/core/limits";
import { actionRadiusSchema, locationInputSchema } from "@/domain/marketplace/request";
import type { HistoryTurn } from "./gemini/gemini-algo";
import { INITIAL_OFFLINE_STATE, type OfflineState, offlineStateSchema } from "./offline/dialogue-state";

/**
 * algo_conversations/{id}: one chat with Algo, owned by one user and kept by the server (the client
 * sends only the new message). Holds the turns, the fields collected so far, the offline Algo's
 * dialogue state, where the need is, and the request it published.
 */

/** Turns kept per conversation (the oldest are dropped; Gemini sees the last 20 anyway). */
export const MAX_STORED_TURNS = 60;

/** Conversation ids become document ids. */
export const CONVERSATION_ID = /^[A-Za-z0-9_-]{1,128}$/;

const turnSchema = z.object({
  role: z.enum(["user", "algo"]),
  text: z.string().max(ALGO_MESSAGE_MAX_LENGTH * 2),
  image: z.boolean().default(false),
});

const storedConversationSchema = z.object({
  userId: z.string().min(1),
  status: z.enum(ALGO_CONVERSATION_STATUSES).catch(ALGO_CONVERSATION_STATUS.open),
  fields: z.unknown().transform((value) => sanitizeExtractedData(value)),
  offline: offlineStateSchema.catch(INITIAL_OFFLINE_STATE),
  turns: z.array(turnSchema).catch([]),
  imageAnalyzed: z.boolean().catch(false),
  location: locationInputSchema.optional().catch(undefined),
  actionRadius: actionRadiusSchema.optional().catch(undefined),
  requestId: z.string().optional().catch(undefined),
  cacheEntryIds: z.array(z.string()).catch([]),
});

export interface Conversation {
  userId: string;
  status: AlgoConversationStatus;
  fields: AlgoExtractedData;
  offline: OfflineState;
  turns: HistoryTurn[];
  imageAnalyzed: boolean;
  location?: z.infer<typeof locationInputSchema>;
  actionRadius?: number;
  requestId?: string;
  cacheEntryIds: string[];
}

/** A stored document → Conversation; an unreadable one is undefined (treated as not found). */
export function parseConversation(data: DocumentData | undefined): Conversation | undefined {
  if (!data) return undefined;
  const parsed = storedConversationSchema.safeParse(data);
  return parsed.success ? (parsed.data as Conversation) : undefined;
}

export function newConversation(userId: string): Conversation {
  return {
    userId,
    status: ALGO_CONVERSATION_STATUS.open,
    fields: {},
    offline: INITIAL_OFFLINE_STATE,
    turns: [],
    imageAnalyzed: false,
    cacheEntryIds: [],
  };
}

export function isCompleted(conversation: Conversation | undefined): boolean {
  return conversation?.status === ALGO_CONVERSATION_STATUS.completed;
}

/** The conversation with the location and radius the client sent with this turn, if any. */
export function withClientContext(
  conversation: Conversation,
  client: { location?: Conversation["location"]; actionRadius?: number },
): Conversation {
  return {
    ...conversation,
    ...(client.location ? { location: client.location } : {}),
    ...(client.actionRadius ? { actionRadius: client.actionRadius } : {}),
  };
}

/** What a turn adds: the user's message and Algo's reply with the fields and state it leaves. */
export interface TurnRecord {
  text: string;
  image: boolean;
  reply: {
    message: string;
    fields: AlgoExtractedData;
    offline: OfflineState;
    imageAnalyzed: boolean;
    cacheEntryId?: string;
  };
}

/**
 * The conversation after a turn: fields and dialogue state replaced, both messages and the cache entry
 * appended to what is stored now (`current`, which a concurrent turn may have extended).
 */
export function afterTurn(
  conversation: Conversation,
  current: Conversation | undefined,
  turn: TurnRecord,
): Conversation {
  const { reply } = turn;
  return {
    ...conversation,
    fields: reply.fields,
    offline: reply.offline,
    turns: [
      ...(current?.turns ?? conversation.turns),
      { role: "user", text: turn.text, image: turn.image },
      { role: "algo", text: reply.message, image: false },
    ],
    imageAnalyzed: conversation.imageAnalyzed || reply.imageAnalyzed,
    cacheEntryIds: [
      ...(current?.cacheEntryIds ?? conversation.cacheEntryIds),
      ...(reply.cacheEntryId ? [reply.cacheEntryId] : []),
    ],
  };
}

export function conversationsRef(db: Firestore) {
  return db.collection(COLLECTIONS.algoConversations);
}

/** The conversation the client names (a well-formed id, else invalid-argument), or a new one. */
export function conversationRefFor(db: Firestore, conversationId: string | undefined): DocumentReference {
  if (conversationId === undefined) return conversationsRef(db).doc();
  if (!CONVERSATION_ID.test(conversationId)) {
    throw new HttpsError("invalid-argument", VALIDATION_MESSAGES.invalidData);
  }
  return conversationsRef(db).doc(conversationId);
}

export function withoutLocation(fields: AlgoExtractedData): AlgoExtractedData {
  const { location: _location, ...rest } = fields;
  return rest;
}

/** The document written after a turn (createdAt only on creation, by the caller). */
export function conversationDoc(conversation: Conversation, now: Date): DocumentData {
  const turns = conversation.turns.slice(-MAX_STORED_TURNS);
  return {
    userId: conversation.userId,
    status: conversation.status,
    // The place lives in `location` (the client's, or the one read from the chat), not in the fields.
    fields: withoutLocation(conversation.fields),
    offline: conversation.offline,
    turns,
    imageAnalyzed: conversation.imageAnalyzed,
    ...(conversation.location ? { location: conversation.location } : {}),
    ...(conversation.actionRadius ? { actionRadius: conversation.actionRadius } : {}),
    ...(conversation.requestId ? { requestId: conversation.requestId } : {}),
    cacheEntryIds: [...new Set(conversation.cacheEntryIds)].slice(-MAX_STORED_TURNS),
    updatedAt: Timestamp.fromDate(now),
  };
}
