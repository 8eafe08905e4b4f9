import { MESSAGE_TYPE, type MessageType, type NewMessageInput, newMessageInputSchema } from "./message.ts";

/**
 * A message and the conversation's lastMessage/updatedAt, which the sender writes in one batch (the
 * app's sendMessage, the seed). Pure: `now` gives the writer's time value. `messageId` is the message's
 * document id, which lastMessage names (the rules check that the message exists with the same sender
 * and content); without it (the seed's older callers) lastMessage has no id. `type` is `system` only
 * for a function's deal event (functions/src/deals/system-lines.ts).
 */
export function buildMessageWrite<Time>(
  senderId: string,
  input: NewMessageInput,
  now: () => Time,
  messageId?: string,
  type: MessageType = MESSAGE_TYPE.text,
) {
  const parsed = newMessageInputSchema.parse(input);
  return {
    message: {
      conversationId: parsed.conversationId,
      senderId,
      senderName: parsed.senderName,
      senderType: parsed.senderType,
      content: parsed.content,
      type,
      readBy: [senderId],
      createdAt: now(),
    },
    conversationUpdate: {
      lastMessage: {
        ...(messageId ? { id: messageId } : {}),
        content: parsed.content,
        senderId,
        timestamp: now(),
      },
      updatedAt: now(),
    },
  };
}
