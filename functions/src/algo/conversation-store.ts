import { type DocumentData, type Firestore, Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import type { AlgoExtractedData } from "@/domain/algo";
import { sanitizeExtractedData } from "@/domain/extracted-data";
import { ALGO_MESSAGE_MAX_LENGTH } from "@/domain/limits";
import { actionRadiusSchema, locationInputSchema } from "@/domain/request";
import type { HistoryTurn } from "./gemini/gemini-algo";
import { INITIAL_OFFLINE_STATE, type OfflineState, offlineStateSchema } from "./offline/dialogue-state";

/**
 * algo_conversations/{id}: one chat with Algo, owned by one user and kept by the server (the client
 * sends only the new message). Holds the turns, the fields collected so far, the offline Algo's
 * dialogue state, where the need is, and the request it published.
 */
export const ALGO_CONVERSATIONS_COLLECTION = "algo_conversations";

/** Turns kept per conversation (the oldest are dropped; Gemini sees the last 20 anyway). */
export const MAX_STORED_TURNS = 60;

/** Conversation ids become document ids. */
export const CONVERSATION_ID = /^[A-Za-z0-9_-]{1,128}$/;

export const CONVERSATION_STATUSES = ["open", "completed"] as const;

const turnSchema = z.object({
  role: z.enum(["user", "algo"]),
  text: z.string().max(ALGO_MESSAGE_MAX_LENGTH * 2),
  image: z.boolean().default(false),
});

const storedConversationSchema = z.object({
  userId: z.string().min(1),
  status: z.enum(CONVERSATION_STATUSES).catch("open"),
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
  status: (typeof CONVERSATION_STATUSES)[number];
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
    status: "open",
    fields: {},
    offline: INITIAL_OFFLINE_STATE,
    turns: [],
    imageAnalyzed: false,
    cacheEntryIds: [],
  };
}

export function conversationsRef(db: Firestore) {
  return db.collection(ALGO_CONVERSATIONS_COLLECTION);
}

/** The document written after a turn (createdAt only on creation, by the caller). */
export function conversationDoc(conversation: Conversation, now: Date): DocumentData {
  const turns = conversation.turns.slice(-MAX_STORED_TURNS);
  return {
    userId: conversation.userId,
    status: conversation.status,
    fields: conversation.fields,
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
