/** Query keys of the messages feature, all under "messages". */
export const messageKeys = {
  all: ["messages"] as const,
  conversations: (uid: string) => ["messages", "conversations", uid] as const,
  conversation: (id: string) => ["messages", "conversation", id] as const,
  thread: (conversationId: string) => ["messages", "thread", conversationId] as const,
  unread: (uid: string) => ["messages", "unread", uid] as const,
  offer: (offerId: string) => ["messages", "offer", offerId] as const,
  request: (requestId: string) => ["messages", "request", requestId] as const,
  title: (conversationId: string, uid: string) => ["messages", "title", conversationId, uid] as const,
};
