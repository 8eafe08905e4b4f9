import {
  COLLECTIONS,
  CONVERSATION_FIELDS,
  MESSAGE_FIELDS,
  OFFER_FIELDS,
  REQUEST_FIELDS,
  SUBCOLLECTIONS,
} from "@/domain/core/collections";
import { REQUEST_QUERY_LIMIT } from "@/domain/core/limits";
import { type DocumentPath, documentPath, type QuerySpec } from "./query-spec";

/**
 * The queries a page's first read runs, written once for both of its paths: the data modules run them
 * with Firestore Lite (./requests.ts, ./received-offers.ts, ./offers.ts, ./conversations.ts,
 * ./messages.ts), the route starts them over REST on a page load (src/lib/first-read.ts). No Firebase and no zod, so a route can start them before either loads.
 */

/** The buyer's newest requests (rules: customerId == uid, bounded; index customerId + createdAt desc). */
export const customerRequestsQuery = (customerId: string, max: number): QuerySpec => ({
  collection: COLLECTIONS.requests,
  where: [[REQUEST_FIELDS.customerId, "==", customerId]],
  orderBy: [[REQUEST_FIELDS.createdAt, "desc"]],
  limit: Math.min(max, REQUEST_QUERY_LIMIT),
});

/** The newest offers on the buyer's requests (rules: customerId == uid; index customerId + createdAt desc). */
export const customerOffersQuery = (customerId: string, max: number): QuerySpec => ({
  collection: COLLECTIONS.offers,
  where: [[OFFER_FIELDS.customerId, "==", customerId]],
  orderBy: [[OFFER_FIELDS.createdAt, "desc"]],
  limit: Math.min(max, REQUEST_QUERY_LIMIT),
});

/** The shop's newest offers (rules: merchantId == uid, bounded; index merchantId + createdAt desc). */
export const merchantOffersQuery = (merchantId: string, max: number): QuerySpec => ({
  collection: COLLECTIONS.offers,
  where: [[OFFER_FIELDS.merchantId, "==", merchantId]],
  orderBy: [[OFFER_FIELDS.createdAt, "desc"]],
  limit: Math.min(max, REQUEST_QUERY_LIMIT),
});

/** The side of a conversation the user is on: its buyer or its shop. */
export type ConversationSide = typeof CONVERSATION_FIELDS.customerId | typeof CONVERSATION_FIELDS.merchantId;

/**
 * The user's conversations on one side, newest update first (spec §7; rules: the user is that
 * participant, bounded; index participants.<side> + updatedAt desc). The list merges both sides.
 */
export const userConversationsQuery = (uid: string, side: ConversationSide, max: number): QuerySpec => ({
  collection: COLLECTIONS.conversations,
  where: [[side, "==", uid]],
  orderBy: [[CONVERSATION_FIELDS.updatedAt, "desc"]],
  limit: Math.min(max, REQUEST_QUERY_LIMIT),
});

/** The conversation list's two queries (spec §7): the user as the buyer, as the shop; merged by the list. */
export const userConversationsQueries = (uid: string, max: number = REQUEST_QUERY_LIMIT) =>
  [
    userConversationsQuery(uid, CONVERSATION_FIELDS.customerId, max),
    userConversationsQuery(uid, CONVERSATION_FIELDS.merchantId, max),
  ] as const;

/** A conversation's newest messages, newest first (rules: its participants, bounded). */
export const newestMessagesQuery = (conversationId: string, max: number): QuerySpec => ({
  collection: SUBCOLLECTIONS.messages,
  parent: `${COLLECTIONS.conversations}/${conversationId}`,
  where: [],
  orderBy: [[MESSAGE_FIELDS.createdAt, "desc"]],
  limit: Math.min(max, REQUEST_QUERY_LIMIT),
});

export const conversationDocument = (id: string): DocumentPath => documentPath(COLLECTIONS.conversations, id);
export const offerDocument = (id: string): DocumentPath => documentPath(COLLECTIONS.offers, id);
export const requestDocument = (id: string): DocumentPath => documentPath(COLLECTIONS.requests, id);
