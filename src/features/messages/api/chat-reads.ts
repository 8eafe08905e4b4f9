import {
  parseConversationDocuments,
  parseUserConversations,
  readConversation,
  readUserConversations,
} from "@/data/conversations";
import { parseOneRestDocument } from "@/data/document";
import { parseMessageDocuments, readNewestMessages } from "@/data/messages";
import { getOffer } from "@/data/offer-by-id";
import { parseOfferDocuments } from "@/data/offer-documents";
import {
  conversationDocument,
  newestMessagesQuery,
  offerDocument,
  requestDocument,
  userConversationsQueries,
} from "@/data/page-queries";
import { getRequest } from "@/data/request-by-id";
import { parseRequestDocuments } from "@/data/request-parsing";
import { MESSAGE_PAGE_SIZE } from "@/domain/core/limits";
import type { Conversation } from "@/domain/marketplace/conversation";
import type { Message } from "@/domain/marketplace/message";
import type { Offer } from "@/domain/marketplace/offer";
import type { Request } from "@/domain/marketplace/request";
import { firstDocument, firstQueries, firstQuery, readFirstOr } from "@/lib/first-read";

/**
 * The messages screen's one-shot reads, each in the two forms of src/lib/first-read.ts: on a page load
 * the answer the route started over REST (./first-reads.ts names the same queries and documents), else
 * the data module's read over Firestore Lite. Reading again (the news) always takes the second.
 */

/** The user's conversations, both sides merged (spec §7). */
export const readConversationList = (uid: string): Promise<Conversation[]> =>
  readFirstOr(firstQueries(userConversationsQueries(uid), parseUserConversations), () =>
    readUserConversations(uid),
  );

/** One conversation; null when it does not exist or is not the user's. */
export const readConversationById = (id: string): Promise<Conversation | null> =>
  readFirstOr(firstDocument(conversationDocument(id), parseOneRestDocument(parseConversationDocuments)), () =>
    readConversation(id),
  );

/** A conversation's offer (the same id). */
export const readOffer = (id: string): Promise<Offer | null> =>
  readFirstOr(firstDocument(offerDocument(id), parseOneRestDocument(parseOfferDocuments)), () =>
    getOffer(id),
  );

/** A conversation's request; null when the rules hide it from the user. */
export const readRequest = (id: string): Promise<Request | null> =>
  readFirstOr(firstDocument(requestDocument(id), parseOneRestDocument(parseRequestDocuments)), () =>
    getRequest(id),
  );

/** A conversation's newest messages, oldest first (the thread's live window). */
export const readThread = async (conversationId: string): Promise<Message[]> => {
  const newest = await readFirstOr(
    firstQuery(newestMessagesQuery(conversationId, MESSAGE_PAGE_SIZE), parseMessageDocuments),
    () => readNewestMessages(conversationId, MESSAGE_PAGE_SIZE),
  );
  return newest.reverse();
};
