import type { DocumentReference, Timestamp, Transaction } from "firebase-admin/firestore";
import { SUBCOLLECTIONS } from "@/domain/core/collections";
import type { UserType } from "@/domain/core/user-type";
import { MESSAGE_TYPE, SYSTEM_SENDER_NAME } from "@/domain/marketplace/message";
import { buildMessageWrite } from "@/domain/marketplace/message-document";

/**
 * A deal event in the deal's chat (accepted, verified, cancelled, no-show, closed): a message of type
 * `system` (message.ts), which only a function can write (firestore.rules refuses it from a client), in
 * the caller's transaction. `actor` is who caused it (its side's unread counts stay as they are); the
 * line is shown under SYSTEM_SENDER_NAME, apart from people's messages. The conversation moves up both
 * lists. `chats` are existing conversations (readConversations).
 */
export function stageSystemLine(
  tx: Transaction,
  chats: readonly DocumentReference[],
  actor: { uid: string; side: UserType },
  content: string,
  at: Timestamp,
): void {
  for (const chatRef of chats) {
    const messageRef = chatRef.collection(SUBCOLLECTIONS.messages).doc();
    const write = buildMessageWrite(
      actor.uid,
      { conversationId: chatRef.id, senderName: SYSTEM_SENDER_NAME, senderType: actor.side, content },
      (): Timestamp => at,
      messageRef.id,
      MESSAGE_TYPE.system,
    );
    tx.create(messageRef, write.message);
    tx.update(chatRef, write.conversationUpdate);
  }
}
