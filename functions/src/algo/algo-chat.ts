import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { HttpsError, onCall } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import type { z } from "zod";
import { type AlgoChatOutput, type AlgoExtractedData, algoChatInputSchema } from "@/domain/algo";
import { ALGO_MESSAGES, ERROR_MESSAGES, VALIDATION_MESSAGES } from "@/domain/messages";
import type { PublishableRequest } from "@/domain/publishing";
import { adminDb } from "../lib/admin";
import { region } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { chargeInTransaction, readUserTokens, refundSpend } from "../tokens/token-store";
import { cacheContext, reinforceCacheEntries } from "./ai-cache";
import {
  CONVERSATION_ID,
  type Conversation,
  conversationDoc,
  conversationsRef,
  newConversation,
  parseConversation,
} from "./conversation-store";
import { algoReply, type EngineReply, quietly } from "./engine";
import { geminiApiKey, geminiConfigFromEnv } from "./gemini/config";
import type { GeminiConfig } from "./gemini/gemini-algo";
import { recordLearning } from "./learning";
import { REQUESTS_COLLECTION, requestDocument } from "./publish";

/**
 * algoChat({conversationId?, message, imageBase64?, location?, actionRadius?}) →
 * {conversationId, message, extractedData, isComplete, finalRequest?, requestId?, tokenBalance,
 * outOfTokens?}.
 *
 * 1. One transaction: the user (lazy monthly reset, balance ≥ cost, spend, ledger entry) and the
 *    conversation (owner, still open). Out of tokens → the out-of-tokens reply, no AI call.
 * 2. The reply: ai_cache, then Gemini with a key, else the offline Algo.
 * 3. One transaction: the turn saved with the fields collected so far; on completion the request is
 *    published (requests/{id}) and the conversation closed, so a conversation publishes once.
 * 4. Learning and cache reinforcement, whose errors are only logged.
 *
 * A technical failure of the model (step 2) refunds the turn's tokens (ledger kind `refund`).
 *
 * Publishing lives here rather than in a separate callable: the server already holds the fields (the
 * client could not tamper with them between the two calls), and the confirmation turn and the
 * publication are one step for the user.
 */

export interface AlgoChatDeps {
  db: Firestore;
  gemini: GeminiConfig | undefined;
  now: () => Date;
}

type ChatInput = z.output<typeof algoChatInputSchema>;

function outputFields(conversation: Conversation, fields: AlgoExtractedData): AlgoExtractedData {
  return conversation.location ? { ...fields, location: conversation.location } : fields;
}

export async function runAlgoChat(
  uid: string,
  input: ChatInput,
  deps: AlgoChatDeps,
): Promise<AlgoChatOutput> {
  const { db } = deps;
  if (input.conversationId !== undefined && !CONVERSATION_ID.test(input.conversationId)) {
    throw new HttpsError("invalid-argument", VALIDATION_MESSAGES.invalidData);
  }
  const conversationRef = input.conversationId
    ? conversationsRef(db).doc(input.conversationId)
    : conversationsRef(db).doc();
  const conversationId = conversationRef.id;
  const action = input.imageBase64 ? "image_analysis" : "text_chat";

  const { charge, stored } = await db.runTransaction(async (tx) => {
    const user = await readUserTokens(tx, db, uid);
    const snapshot = await tx.get(conversationRef);
    const existing = snapshot.exists ? parseConversation(snapshot.data()) : undefined;
    if (snapshot.exists && existing?.userId !== uid) {
      throw new HttpsError("not-found", ERROR_MESSAGES.algoConversationNotFound);
    }
    if (existing?.status === "completed") {
      throw new HttpsError("failed-precondition", ERROR_MESSAGES.algoConversationClosed);
    }
    return { charge: chargeInTransaction(tx, user, uid, action, deps.now()), stored: existing };
  });

  const conversation: Conversation = {
    ...(stored ?? newConversation(uid)),
    ...(input.location ? { location: input.location } : {}),
    ...(input.actionRadius ? { actionRadius: input.actionRadius } : {}),
  };

  if (!charge.ok) {
    return {
      conversationId,
      message: ALGO_MESSAGES.outOfTokens,
      extractedData: outputFields(conversation, conversation.fields),
      isComplete: false,
      tokenBalance: charge.balance,
      outOfTokens: true,
    };
  }

  const reply: EngineReply = await algoReply(
    {
      fields: conversation.fields,
      offline: conversation.offline,
      history: conversation.turns,
      text: input.message,
      ...(input.imageBase64 ? { imageBase64: input.imageBase64 } : {}),
    },
    deps,
  );

  if (reply.outcome === "technical_failure") {
    // The user got no answer: the turn is free. A failed refund is logged and the spend stands.
    const refunded =
      charge.cost > 0
        ? await quietly("token refund", () => refundSpend(db, uid, action, charge.cost, deps.now))
        : undefined;
    return {
      conversationId,
      message: reply.message,
      extractedData: outputFields(conversation, conversation.fields),
      isComplete: false,
      tokenBalance: refunded ?? charge.balance,
    };
  }

  const saved = await db.runTransaction(async (tx) => {
    const now = deps.now();
    const snapshot = await tx.get(conversationRef);
    const current = snapshot.exists ? parseConversation(snapshot.data()) : undefined;
    if (current?.status === "completed") {
      // A concurrent turn of the same conversation has just published it.
      return { published: undefined, requestId: current.requestId, conversation: current };
    }
    const next: Conversation = {
      ...conversation,
      fields: reply.fields,
      offline: reply.offline,
      turns: [
        ...(current?.turns ?? conversation.turns),
        { role: "user", text: input.message, image: input.imageBase64 !== undefined },
        { role: "algo", text: reply.message, image: false },
      ],
      imageAnalyzed: conversation.imageAnalyzed || reply.imageAnalyzed,
      cacheEntryIds: [
        ...(current?.cacheEntryIds ?? conversation.cacheEntryIds),
        ...(reply.cacheEntryId ? [reply.cacheEntryId] : []),
      ],
    };
    let published: PublishableRequest | undefined;
    if (reply.isComplete) {
      const requestRef = db.collection(REQUESTS_COLLECTION).doc();
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
      next.status = "completed";
      next.requestId = requestRef.id;
      published = request;
    }
    tx.set(
      conversationRef,
      {
        ...conversationDoc(next, now),
        ...(snapshot.exists ? {} : { createdAt: Timestamp.fromDate(now) }),
      },
      { merge: true },
    );
    return { published, requestId: next.requestId, conversation: next };
  });

  const now = deps.now();
  if (saved.published) {
    const ids = saved.conversation.cacheEntryIds;
    if (ids.length > 0) await quietly("ai_cache reinforcement", () => reinforceCacheEntries(db, ids, now));
  }
  if (reply.outcome === "ok") {
    await quietly("ai_learning", () =>
      recordLearning(
        db,
        {
          uid,
          conversationId,
          userInput: input.message,
          aiResponse: reply.message,
          context: cacheContext(conversation.fields),
          fields: reply.fields,
          isComplete: Boolean(saved.published),
          newProduct: Boolean(
            reply.fields.productName && reply.fields.productName !== conversation.fields.productName,
          ),
        },
        now,
      ),
    );
  }

  return {
    conversationId,
    message: reply.message,
    extractedData: outputFields(saved.conversation, reply.fields),
    isComplete: Boolean(saved.published) || saved.conversation.status === "completed",
    ...(saved.published ? { finalRequest: saved.published } : {}),
    ...(saved.requestId ? { requestId: saved.requestId } : {}),
    tokenBalance: charge.balance,
  };
}

function defaultDeps(): AlgoChatDeps {
  return { db: adminDb(), gemini: geminiConfigFromEnv(), now: () => new Date() };
}

export const algoChat = onCall(
  { region, secrets: [geminiApiKey], timeoutSeconds: 120 },
  async (request): Promise<AlgoChatOutput> => {
    const uid = request.auth?.uid;
    if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
    const input = parseCallableInput(algoChatInputSchema, request.data);
    try {
      return await runAlgoChat(uid, input, defaultDeps());
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error("algoChat failed", { uid, error: String(error) });
      throw new HttpsError("internal", ERROR_MESSAGES.algoCommunication);
    }
  },
);
