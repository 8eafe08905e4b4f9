import * as lite from "firebase/firestore/lite";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import type { UserType } from "../../src/domain/core/user-type";
import { buildMessageWrite } from "../../src/domain/marketplace/message-document";
import type { SignedInClient } from "./signed-in-client";

/**
 * A participant's app sends a message, as src/data/messages.ts sendMessage does (the message and the
 * conversation's lastMessage in one batch, from the domain's builder), under the rules. Its id.
 */
export async function sendsMessage(
  client: SignedInClient,
  chat: { conversationId: string; senderName: string; senderType: UserType },
  content: string,
): Promise<string> {
  const { conversationId } = chat;
  const ref = lite.doc(
    lite.collection(client.lite, COLLECTIONS.conversations, conversationId, SUBCOLLECTIONS.messages),
  );
  const { message, conversationUpdate } = buildMessageWrite(
    client.uid,
    { ...chat, content },
    lite.serverTimestamp,
    ref.id,
  );
  const batch = lite.writeBatch(client.lite);
  batch.set(ref, message);
  batch.update(lite.doc(client.lite, COLLECTIONS.conversations, conversationId), conversationUpdate);
  await batch.commit();
  return ref.id;
}
