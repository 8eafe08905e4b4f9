import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { HttpsError, onCall } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import type { z } from "zod";
import { type AlgoChatOutput, type AlgoExtractedData, algoChatInputSchema } from "@/domain/algo";
import { ALGO_LIMIT_MESSAGES } from "@/domain/algo-limit-messages";
import {
  type AlgoUsageRefusal,
  algoUsageOn,
  algoUsageRefusal,
  withRefund,
  withTurn,
} from "@/domain/algo-usage";
import { ALGO_MESSAGES, ERROR_MESSAGES } from "@/domain/messages";
import type { TokenAction } from "@/domain/tokens";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { type ChargeOutcome, chargeInTransaction, readUserTokens, refundSpend } from "../tokens/token-store";
import { cacheContext, reinforceCacheEntries } from "./ai-cache";
import {
  type Conversation,
  conversationRefFor,
  isCompleted,
  newConversation,
  parseConversation,
  withClientContext,
} from "./conversation-store";
import { algoReply, type EngineReply, quietly } from "./engine";
import { geminiApiKey, geminiConfigFromEnv } from "./gemini/config";
import type { GeminiConfig } from "./gemini/gemini-algo";
import { recordLearning } from "./learning";
import { type SavedTurn, saveTurn } from "./save-turn";

/**
 * algoChat({conversationId?, message, imageBase64?, location?, actionRadius?}) →
 * {conversationId, message, extractedData, isComplete, finalRequest?, requestId?, tokenBalance,
 * outOfTokens?}.
 *
 * 1. One transaction: the user (the day's turn and refund caps, lazy monthly reset, balance ≥ cost,
 *    spend, ledger entry, the day's turn count) and the conversation (owner, still open). Out of
 *    tokens → the out-of-tokens reply, no AI call; past a daily cap → resource-exhausted.
 * 2. The reply: ai_cache, then Gemini with a key, else the offline Algo.
 * 3. One transaction: the turn saved with the fields collected so far; on completion the request is
 *    published (requests/{id}) and the conversation closed, so a conversation publishes once.
 * 4. Learning and cache reinforcement, whose errors are only logged.
 *
 * A technical failure of the model (step 2) refunds the turn's tokens (ledger kind `refund`), at most
 * ALGO_DAILY_REFUND_CAP times a day: then turns are refused until the next day (algo-usage.ts).
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

/** What a conversation lets the client see: the fields, and the location it sent. */
function outputFields(conversation: Conversation, fields: AlgoExtractedData): AlgoExtractedData {
  return conversation.location ? { ...fields, location: conversation.location } : fields;
}

/**
 * Step 1, one transaction: buyers only; the user's tokens are charged for the turn (or found short)
 * and the conversation is loaded; someone else's conversation is not found, a completed one takes no turn.
 */
async function loadAndCharge(
  uid: string,
  ref: DocumentReference,
  action: TokenAction,
  deps: AlgoChatDeps,
): Promise<{ charge: ChargeOutcome; stored: Conversation | undefined }> {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const user = await readUserTokens(tx, db, uid);
    // Algo serves buyers: a merchant (or an account without a role) gets nothing and pays nothing.
    if (user.data.userType !== "customer") {
      throw new HttpsError("permission-denied", ERROR_MESSAGES.algoBuyersOnly);
    }
    const snapshot = await tx.get(ref);
    const existing = snapshot.exists ? parseConversation(snapshot.data()) : undefined;
    if (snapshot.exists && existing?.userId !== uid) {
      throw new HttpsError("not-found", ERROR_MESSAGES.algoConversationNotFound);
    }
    if (isCompleted(existing)) {
      throw new HttpsError("failed-precondition", ERROR_MESSAGES.algoConversationClosed);
    }
    // The day's caps (algo-usage.ts), before any charge or model call.
    const now = deps.now();
    const usage = algoUsageOn(user.data.algoUsage, now);
    const refusal = algoUsageRefusal(usage);
    if (refusal) throw new HttpsError("resource-exhausted", USAGE_REFUSALS[refusal]);
    const charge = chargeInTransaction(tx, user, uid, action, now);
    if (charge.ok) tx.update(user.ref, { algoUsage: withTurn(usage) });
    return { charge, stored: existing };
  });
}

const USAGE_REFUSALS: Record<AlgoUsageRefusal, string> = {
  daily_turns: ALGO_LIMIT_MESSAGES.dailyTurns,
  daily_refunds: ALGO_LIMIT_MESSAGES.dailyFailures,
};

/** Step 2: the reply, from the ai_cache, Gemini or the offline Algo (engine.ts). */
function runEngine(conversation: Conversation, input: ChatInput, deps: AlgoChatDeps): Promise<EngineReply> {
  return algoReply(
    {
      fields: conversation.fields,
      offline: conversation.offline,
      history: conversation.turns,
      text: input.message,
      ...(input.imageBase64 ? { imageBase64: input.imageBase64 } : {}),
    },
    deps,
  );
}

/**
 * The user got no answer: the turn is free, and counted among the day's refunds (past the daily cap,
 * turns are refused before charging: algo-usage.ts). A failed refund is logged and the spend stands.
 */
async function refundTurn(
  uid: string,
  action: TokenAction,
  charge: ChargeOutcome,
  deps: AlgoChatDeps,
): Promise<number> {
  if (charge.cost <= 0) return charge.balance;
  const refunded = await quietly("token refund", () =>
    refundSpend(deps.db, uid, action, charge.cost, deps.now, (data, at) => ({
      algoUsage: withRefund(algoUsageOn(data.algoUsage, at)),
    })),
  );
  return refunded ?? charge.balance;
}

/** Step 4: cache reinforcement and learning, whose errors are only logged. */
async function learnFromTurn(
  uid: string,
  conversationId: string,
  conversation: Conversation,
  input: ChatInput,
  reply: EngineReply,
  saved: SavedTurn,
  deps: AlgoChatDeps,
): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  if (saved.published) {
    const ids = saved.conversation.cacheEntryIds;
    if (ids.length > 0)
      await quietly("ai_cache reinforcement", () => reinforceCacheEntries(db, ids, uid, now));
  }
  if (reply.outcome !== "ok") return;
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

export async function runAlgoChat(
  uid: string,
  input: ChatInput,
  deps: AlgoChatDeps,
): Promise<AlgoChatOutput> {
  const ref = conversationRefFor(deps.db, input.conversationId);
  const conversationId = ref.id;
  const action: TokenAction = input.imageBase64 ? "image_analysis" : "text_chat";

  const { charge, stored } = await loadAndCharge(uid, ref, action, deps);
  const conversation = withClientContext(stored ?? newConversation(uid), input);
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

  const reply = await runEngine(conversation, input, deps);
  if (reply.outcome === "technical_failure") {
    return {
      conversationId,
      message: reply.message,
      extractedData: outputFields(conversation, conversation.fields),
      isComplete: false,
      tokenBalance: await refundTurn(uid, action, charge, deps),
    };
  }

  const saved = await saveTurn(ref, conversation, uid, input, reply, deps);
  await learnFromTurn(uid, conversationId, conversation, input, reply, saved, deps);
  return {
    conversationId,
    message: saved.withheld ?? reply.message,
    extractedData: outputFields(saved.conversation, reply.fields),
    isComplete: Boolean(saved.published) || isCompleted(saved.conversation),
    ...(saved.published ? { finalRequest: saved.published } : {}),
    ...(saved.requestId ? { requestId: saved.requestId } : {}),
    tokenBalance: charge.balance,
  };
}

function defaultDeps(): AlgoChatDeps {
  return { db: adminDb(), gemini: geminiConfigFromEnv(), now: () => new Date() };
}

export const algoChat = onCall(
  { ...callableOptions, secrets: [geminiApiKey], timeoutSeconds: 120 },
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
