import {
  type DocumentReference,
  type Firestore,
  Timestamp,
  type Transaction,
} from "firebase-admin/firestore";
import type { z } from "zod";
import type { algoChatInputSchema } from "@/domain/algo";
import { ALGO_CONVERSATION_STATUS } from "@/domain/algo-conversation";
import { COLLECTIONS } from "@/domain/collections";
import type { PublishableRequest } from "@/domain/publishing";
import {
  afterTurn,
  type Conversation,
  conversationDoc,
  isCompleted,
  parseConversation,
} from "./conversation-store";
import type { EngineReply } from "./engine";
import { requestDocument } from "./publish";

/** What step 3 of algoChat (algo-chat.ts) keeps of the turn: the text, whether a photo came, the reply. */
type TurnInput = Pick<z.output<typeof algoChatInputSchema>, "message" | "imageBase64">;
type TurnDeps = { db: Firestore; now: () => Date };

export type SavedTurn = { published?: PublishableRequest; requestId?: string; conversation: Conversation };

/** Creates requests/{id} from the conversation's fields in the turn's transaction and closes it. */
function publishInTransaction(
  tx: Transaction,
  db: Firestore,
  next: Conversation,
  uid: string,
  conversationId: string,
  reply: EngineReply,
): PublishableRequest {
  const requestRef = db.collection(COLLECTIONS.requests).doc();
  const { request, doc } = requestDocument({
    uid,
    requestId: requestRef.id,
    conversationId,
    fields: reply.fields,
    ...(reply.finalRequest ? { finalRequest: reply.finalRequest } : {}),
    ...(next.location ? { location: next.location } : {}),
    ...(next.actionRadius ? { actionRadius: next.actionRadius } : {}),
    imageAnalyzed: next.imageAnalyzed,
  });
  tx.create(requestRef, doc);
  next.status = ALGO_CONVERSATION_STATUS.completed;
  next.requestId = requestRef.id;
  return request;
}

/**
 * Step 3, one transaction: the turn saved with the fields collected so far; on completion the request
 * is published and the conversation closed, so a conversation publishes once.
 */
export async function saveTurn(
  ref: DocumentReference,
  conversation: Conversation,
  uid: string,
  input: TurnInput,
  reply: EngineReply,
  deps: TurnDeps,
): Promise<SavedTurn> {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const now = deps.now();
    const snapshot = await tx.get(ref);
    const current = snapshot.exists ? parseConversation(snapshot.data()) : undefined;
    if (current && isCompleted(current)) {
      // A concurrent turn of the same conversation has just published it.
      return { published: undefined, requestId: current.requestId, conversation: current };
    }
    const next = afterTurn(conversation, current, {
      text: input.message,
      image: input.imageBase64 !== undefined,
      reply,
    });
    const published = reply.isComplete ? publishInTransaction(tx, db, next, uid, ref.id, reply) : undefined;
    tx.set(
      ref,
      {
        ...conversationDoc(next, now),
        ...(snapshot.exists ? {} : { createdAt: Timestamp.fromDate(now) }),
      },
      { merge: true },
    );
    return { published, requestId: next.requestId, conversation: next };
  });
}
