import {
  conversationDocument,
  newestMessagesQuery,
  offerDocument,
  requestDocument,
  userConversationsQueries,
} from "@/data/page-queries";
import { MESSAGE_PAGE_SIZE } from "@/domain/core/limits";
import { offerIdParts } from "@/domain/marketplace/offer-id";
import type { FirstReadTarget } from "@/lib/first-read";
import { startFirstReads } from "@/lib/start-first-reads";
import { MD_MEDIA_QUERY } from "@/lib/use-media-query";

// The messages screen's first reads, as the route starts them on a page load before Firebase has
// loaded (src/lib/first-read.ts); ./chat-reads.ts reads the same queries and documents. A chunk of its
// own with no zod and no Firebase, so it arrives long before either.

/** Whether the conversation list is shown beside the chat (wide screens, messages-page.tsx). */
export const listBesideChat = () =>
  typeof window === "undefined" || typeof window.matchMedia !== "function"
    ? true
    : window.matchMedia(MD_MEDIA_QUERY).matches;

/**
 * What the screen reads first: the list when it is shown; for an open conversation, its document
 * (unless the list brings it), its offer (a conversation's id is its offer's), its newest messages and,
 * for a user who is not its shop, its request (the id names it: offerIdParts).
 */
export function messagesFirstReads(uid: string, conversationId?: string): FirstReadTarget[] {
  const withList = listBesideChat();
  const targets: FirstReadTarget[] = [];
  if (!conversationId || withList) targets.push(...userConversationsQueries(uid));
  if (!conversationId) return targets;
  if (!withList) targets.push(conversationDocument(conversationId));
  targets.push(offerDocument(conversationId), newestMessagesQuery(conversationId, MESSAGE_PAGE_SIZE));
  const named = offerIdParts(conversationId);
  if (named && named.merchantId !== uid) targets.push(requestDocument(named.requestId));
  return targets;
}

/** Starts them over REST when this device holds `uid`'s valid session. */
export function startMessagesFirstReads(uid: string, conversationId?: string): void {
  startFirstReads(uid, messagesFirstReads(uid, conversationId));
}
