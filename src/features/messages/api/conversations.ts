import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { readConversation } from "@/data/conversations";
import { getOffer } from "@/data/offer-by-id";
import { getRequest } from "@/data/request-by-id";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { type Conversation, mergeConversations } from "@/domain/marketplace/conversation";
import { type Offer, offerTitle, shopMayReadRequest } from "@/domain/marketplace/offer";
import type { Request } from "@/domain/marketplace/request";
import { isAcceptedOffer } from "@/domain/marketplace/state-machine";
import type { News } from "@/domain/notifications/unread-counts";
import { displayProductName } from "@/domain/products/product-name";
import { failWith } from "@/lib/app-error";
import { useNews } from "@/lib/news";
import { readConversationById, readConversationList, readOffer, readRequest } from "./chat-reads";
import { useRefreshDealOnReplies } from "./deal-refresh";
import { messageKeys } from "./keys";
import { useLiveQuery } from "./live-query";

/** The user's conversations once: both queries of spec §7, merged (prefetch.ts starts the same read). */
export const conversationListOptions = (uid: string) =>
  queryOptions({ queryKey: messageKeys.conversations(uid), queryFn: () => readConversationList(uid) });

/**
 * Reads again only the conversations the news names (a message or an offer in them: one read each,
 * as a listener would have been billed) and puts them in the list, newest first.
 */
async function refreshNamed(client: QueryClient, uid: string, ids: readonly string[]): Promise<void> {
  const read = await Promise.all(ids.map((id) => readConversation(id).catch(() => undefined)));
  const key = messageKeys.conversations(uid);
  client.setQueryData<Conversation[]>(key, (list) => {
    if (!list) return list;
    // A conversation that could not be read keeps its row; one the rules now hide leaves the list.
    const kept = list.filter((item) => !ids.includes(item.id) || read[ids.indexOf(item.id)] === undefined);
    const fresh = read.filter((item): item is Conversation => item !== undefined && item !== null);
    return mergeConversations(kept, fresh).slice(0, Math.max(list.length, fresh.length));
  });
  for (const item of read) if (item) client.setQueryData(messageKeys.conversation(item.id), item);
}

/**
 * The user's conversations (both queries of spec §7, merged), read once; `enabled` while the list is
 * shown. No listener (docs/scale.md): a message or an offer the header's news names is read again
 * alone, and a notification (a chat closed, a deal decided) has the whole list read again.
 */
export function useConversations(uid: string, enabled = true) {
  const client = useQueryClient();
  useNews(uid, (news: News) => {
    if (!enabled) return;
    const key = messageKeys.conversations(uid);
    if (news.notifications || news.deals) {
      void client.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
    } else {
      const named = [...new Set([...news.messages, ...news.offers])];
      if (named.length > 0) void refreshNamed(client, uid, named);
    }
  });
  return useLiveQuery<Conversation[]>({
    enabled,
    queryKey: messageKeys.conversations(uid),
    read: () => readConversationList(uid),
    errorMessage: ERROR_MESSAGES.loadConversations,
  });
}

/**
 * A conversation's first read: from the list when the list is shown beside the chat (`withList`: being
 * read or read, the same document is not read twice on one load), otherwise on its own. Reading it
 * again (the news) always asks the server.
 */
export async function readOpenConversation(client: QueryClient, uid: string, id: string, withList: boolean) {
  const again = client.getQueryData(messageKeys.conversation(id)) !== undefined;
  if (!again && withList) {
    const conversations = await client.fetchQuery(conversationListOptions(uid)).catch(() => undefined);
    const found = conversations?.find((item) => item.id === id);
    if (found) return found;
  }
  return again ? readConversation(id) : readConversationById(id);
}

/** News for one deal: a notification (accepted, rejected, withdrawn, closed …), a rating, or its new offer. */
const dealNews = (id: string) => (news: News) => news.notifications || news.deals || news.offers.includes(id);

/**
 * One conversation; null when it does not exist or is not the user's. Read again on its news.
 * `withList`: the list is shown beside the chat (the conversation is taken from it).
 */
export function useConversation(id: string, uid: string, withList: boolean) {
  const client = useQueryClient();
  return useLiveQuery<Conversation | null>({
    queryKey: messageKeys.conversation(id),
    read: () => readOpenConversation(client, uid, id, withList),
    refreshOn: { uid, wanted: dealNews(id) },
    errorMessage: ERROR_MESSAGES.loadMessages,
  });
}

/** The offer a conversation is about; read again on its news (status, rejection, rating). */
export function useLiveOffer(offerId: string, uid: string) {
  return useLiveQuery<Offer | null>({
    queryKey: messageKeys.offer(offerId),
    read: () => readOffer(offerId),
    refreshOn: { uid, wanted: dealNews(offerId) },
    errorMessage: ERROR_MESSAGES.loadMessages,
  });
}

/**
 * The request a conversation is about (in_progress, completed, rating). `enabled`: read at all;
 * `live`: read it again on news. The buyer follows it; a shop whose offer is pending reads it once (its
 * photos, its budget) and follows it only once its offer won (shopMayReadRequest, isAcceptedOffer: the
 * rules close the request to a losing shop the moment the deal moves).
 */
export function useLiveRequest(
  requestId: string,
  uid: string,
  conversationId: string,
  enabled = true,
  live = enabled,
) {
  return useLiveQuery<Request | null>({
    queryKey: messageKeys.request(requestId),
    read: () => readRequest(requestId),
    refreshOn: { uid, wanted: dealNews(conversationId) },
    errorMessage: ERROR_MESSAGES.loadMessages,
    enabled,
    live,
  });
}

/** The offer and the request a conversation is about, as far as the user may read and follow them. */
export function useDeal(conversation: Conversation, uid: string) {
  const offer = useLiveOffer(conversation.offerId, uid);
  const isBuyer = conversation.participants.customerId === uid;
  const status = offer.data?.status;
  const request = useLiveRequest(
    conversation.requestId,
    uid,
    conversation.id,
    isBuyer || (status !== undefined && shopMayReadRequest(status)),
    isBuyer || (status !== undefined && isAcceptedOffer(status)),
  );
  const followsRequest = isBuyer || (status !== undefined && isAcceptedOffer(status));
  useRefreshDealOnReplies(conversation.id, uid, [
    messageKeys.offer(conversation.offerId),
    messageKeys.conversation(conversation.id),
    ...(followsRequest ? [messageKeys.request(conversation.requestId)] : []),
  ]);
  return { offer, request };
}
export type Deal = ReturnType<typeof useDeal>;

async function conversationTitle(conversation: Conversation, uid: string): Promise<string | null> {
  const { offerId, requestId } = conversation;
  if (conversation.participants.merchantId !== uid) return (await getRequest(requestId))?.productName ?? null;
  const offer = await getOffer(offerId);
  if (!offer) return null;
  const request = shopMayReadRequest(offer.status) ? await getRequest(requestId) : null;
  return offerTitle(offer, request);
}

/**
 * The product a conversation is about, for the conversation list and the chat's header. submitOffer
 * copies it on the conversation, so it is there at the first render with no read. Older conversations
 * lack it: one read per conversation, cached; the buyer reads their request, the shop reads it only
 * while its offer may (pending or accepted, decided from the offer first) and otherwise takes the name
 * its offer carries.
 */
export function conversationTitleOptions(conversation: Conversation, uid: string) {
  const { productName } = conversation;
  return queryOptions({
    queryKey: messageKeys.title(conversation.id, uid),
    queryFn: () =>
      productName !== undefined
        ? Promise.resolve<string | null>(productName)
        : conversationTitle(conversation, uid).catch(failWith(ERROR_MESSAGES.loadConversations)),
    // Shown as a name: a capital first letter (stored as the buyer typed it).
    select: (title: string | null) => (title === null ? null : displayProductName(title)),
    // Copied once and never rewritten: no read, ever.
    ...(productName !== undefined ? { initialData: productName, staleTime: Number.POSITIVE_INFINITY } : {}),
  });
}

export const useConversationTitle = (conversation: Conversation, uid: string) =>
  useQuery(conversationTitleOptions(conversation, uid));
