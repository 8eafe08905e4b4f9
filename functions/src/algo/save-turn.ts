import { type DocumentReference, type Firestore, Timestamp } from "firebase-admin/firestore";
import type { z } from "zod";
import type { algoChatInputSchema } from "@/domain/algo/algo";
import {
  afterTurn,
  type Conversation,
  conversationDoc,
  isCompleted,
  parseConversation,
} from "./conversation-store";
import type { EngineReply } from "./engine";

/** What step 3 of algoChat (algo-chat.ts) keeps of the turn: the text, whether a photo came, the reply. */
type TurnInput = Pick<z.output<typeof algoChatInputSchema>, "message" | "imageBase64">;
type TurnDeps = { db: Firestore; now: () => Date };

export type SavedTurn = { conversation: Conversation };

/**
 * Step 3, one transaction: the turn saved with the fields collected so far and the place (the draft
 * the summary card shows, kept server-side so it survives a reload). A turn never publishes: only the
 * card's 'Pubblica' does (publish-request.ts). A conversation published meanwhile is left as it is.
 */
export async function saveTurn(
  ref: DocumentReference,
  conversation: Conversation,
  input: TurnInput,
  reply: EngineReply,
  deps: TurnDeps,
): Promise<SavedTurn> {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const now = deps.now();
    const snapshot = await tx.get(ref);
    const current = snapshot.exists ? parseConversation(snapshot.data()) : undefined;
    if (current && isCompleted(current)) return { conversation: current };
    const next = afterTurn(conversation, current, {
      text: input.message,
      image: input.imageBase64 !== undefined,
      reply,
    });
    tx.set(
      ref,
      {
        ...conversationDoc(next, now),
        ...(snapshot.exists ? {} : { createdAt: Timestamp.fromDate(now) }),
      },
      { merge: true },
    );
    return { conversation: next };
  });
}
