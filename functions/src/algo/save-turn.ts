import {
  type DocumentReference,
  type Firestore,
  Timestamp,
  type Transaction,
} from "firebase-admin/firestore";
import type { z } from "zod";
import type { algoChatInputSchema } from "@/domain/algo";
import { ALGO_CONVERSATION_STATUS } from "@/domain/algo-conversation";
import type { PublishableRequest } from "@/domain/publishing";
import {
  afterTurn,
  type Conversation,
  conversationDoc,
  isCompleted,
  parseConversation,
} from "./conversation-store";
import type { EngineReply } from "./engine";
import { checkPublishing, writePublication } from "./publish";

/** What step 3 of algoChat (algo-chat.ts) keeps of the turn: the text, whether a photo came, the reply. */
type TurnInput = Pick<z.output<typeof algoChatInputSchema>, "message" | "imageBase64">;
type TurnDeps = { db: Firestore; now: () => Date };

export type SavedTurn = {
  published?: PublishableRequest;
  requestId?: string;
  conversation: Conversation;
  /** Algo's words instead of the reply's when it had everything but did not publish. */
  withheld?: string;
};

/**
 * Publishes requests/{id} (and its private location) from the conversation's fields in the turn's
 * transaction and closes the conversation; or, with no place or past the buyer's caps, publishes
 * nothing and says why in Algo's words (the conversation stays open with its fields).
 */
async function publishOrWithhold(
  tx: Transaction,
  db: Firestore,
  conversation: Conversation,
  uid: string,
  conversationId: string,
  reply: EngineReply,
  now: Date,
): Promise<{ publish: () => { request: PublishableRequest; requestId: string } } | { withheld: string }> {
  const check = await checkPublishing(tx, db, uid, conversation.location, now);
  if (!check.ok) return { withheld: check.message };
  return {
    publish: () =>
      writePublication(tx, db, check, {
        uid,
        conversationId,
        fields: reply.fields,
        ...(reply.finalRequest ? { finalRequest: reply.finalRequest } : {}),
        ...(conversation.actionRadius ? { actionRadius: conversation.actionRadius } : {}),
        imageAnalyzed: conversation.imageAnalyzed || reply.imageAnalyzed,
      }),
  };
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
    // Every read (the caps) before any write.
    const outcome = reply.isComplete
      ? await publishOrWithhold(tx, db, conversation, uid, ref.id, reply, now)
      : undefined;
    const withheld = outcome && "withheld" in outcome ? outcome.withheld : undefined;
    const next = afterTurn(conversation, current, {
      text: input.message,
      image: input.imageBase64 !== undefined,
      // Withheld: Algo says why, and a plain 'sì' or 'pubblica' next turn publishes (offline Algo).
      reply: withheld
        ? { ...reply, message: withheld, offline: { ...reply.offline, proposed: true } }
        : reply,
    });
    let published: PublishableRequest | undefined;
    if (outcome && "publish" in outcome) {
      const publication = outcome.publish();
      published = publication.request;
      next.status = ALGO_CONVERSATION_STATUS.completed;
      next.requestId = publication.requestId;
    }
    tx.set(
      ref,
      {
        ...conversationDoc(next, now),
        ...(snapshot.exists ? {} : { createdAt: Timestamp.fromDate(now) }),
      },
      { merge: true },
    );
    return {
      published,
      requestId: next.requestId,
      conversation: next,
      ...(withheld ? { withheld } : {}),
    };
  });
}
