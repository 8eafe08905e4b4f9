import { newsKey } from "@/lib/news";

/** Query keys of the messages feature, all under "messages". */
export const messageKeys = {
  all: ["messages"] as const,
  conversations: (uid: string) => ["messages", "conversations", uid] as const,
  conversation: (id: string) => ["messages", "conversation", id] as const,
  thread: (conversationId: string) => ["messages", "thread", conversationId] as const,
  /** The header's unread counts: the news every screen refreshes on (src/lib/news.ts). */
  unread: newsKey,
  offer: (offerId: string) => ["messages", "offer", offerId] as const,
  request: (requestId: string) => ["messages", "request", requestId] as const,
  title: (conversationId: string, uid: string) => ["messages", "title", conversationId, uid] as const,
};
