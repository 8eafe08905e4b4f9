/**
 * algo_conversations/{id}: a chat with Algo is open until it publishes its request, then completed
 * (a completed conversation takes no more turns, so it publishes once).
 */
export const ALGO_CONVERSATION_STATUS = { open: "open", completed: "completed" } as const;
export const ALGO_CONVERSATION_STATUSES = [
  ALGO_CONVERSATION_STATUS.open,
  ALGO_CONVERSATION_STATUS.completed,
] as const;
export type AlgoConversationStatus = (typeof ALGO_CONVERSATION_STATUSES)[number];
