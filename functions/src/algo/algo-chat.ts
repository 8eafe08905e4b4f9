import type { DocumentReference, Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import type { z } from "zod";
import {
  type AlgoChatOutput,
  type AlgoExtractedData,
  algoChatInputSchema,
  isReadyToPublish,
} from "@/domain/algo/algo";
import { ALGO_QUESTIONS } from "@/domain/algo/algo-dialogue";
import { ALGO_LIMIT_MESSAGES } from "@/domain/algo/algo-limit-messages";
import { ALGO_MESSAGES } from "@/domain/algo/algo-messages";
import {
  type AlgoUsageRefusal,
  algoUsageOn,
  algoUsageRefusal,
  withRefund,
  withTurn,
} from "@/domain/algo/algo-usage";
import { algoTurnAction, type TokenAction } from "@/domain/billing/tokens";
import { FAILURE_REASONS, failureDetails } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { type LocationInput, locationInputSchema } from "@/domain/marketplace/request";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { emailProvenInToken } from "../lib/email-proven";
import { logUnexpectedError } from "../lib/error-log";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { type ChargeOutcome, chargeInTransaction, readUserTokens, refundSpend } from "../tokens/token-store";
import { cacheContext } from "./ai-cache";
import {
  type Conversation,
  conversationRefFor,
  isCompleted,
  newConversation,
  parseConversation,
  withClientContext,
  withoutLocation,
} from "./conversation-store";
import { algoReply, type EngineReply, quietly } from "./engine";
import { geminiApiKey, geminiConfigFromEnv } from "./gemini/config";
import type { GeminiConfig } from "./gemini/gemini-algo";
import { recordLearning } from "./learning";
import { saveTurn } from "./save-turn";

/**
 * algoChat({conversationId?, message, imageBase64?, location?, actionRadius?}) →
 * {conversationId, message, extractedData, isComplete, readyToPublish, asksPlace?, actionRadius?,
 * tokenBalance, outOfTokens?}.
 *
 * 1. One transaction: the user (the day's turn and refund caps, lazy monthly reset, balance ≥ cost,
 *    spend, ledger entry, the day's turn count) and the conversation (owner, still open). Out of
 *    tokens → the out-of-tokens reply, no AI call; past a daily cap → resource-exhausted.
 * 2. The reply: ai_cache, then Gemini with a key, else the offline Algo. The place: the one the
 *    client sent with this turn ('Usa la mia posizione', the card), else the one the message named
 *    (resolved with the gazetteer), else the one the conversation already had.
 * 3. One transaction: the turn saved with the fields and the place (the draft the summary card shows).
 * 4. Learning, whose errors are only logged.
 *
 * A turn never publishes: when Algo has enough (readyToPublish) the page shows the summary card, and
 * only its 'Pubblica' publishes, through publishAlgoRequest (publish-request.ts).
 *
 * A technical failure of the model (step 2) refunds the turn's tokens (ledger kind `refund`), at most
 * ALGO_DAILY_REFUND_CAP times a day: then turns are refused until the next day (algo-usage.ts).
 */

export interface AlgoChatDeps {
  db: Firestore;
  gemini: GeminiConfig | undefined;
  now: () => Date;
  /** The caller proved their e-mail address (their ID token says so): else the lower daily cap. */
  emailProven: boolean;
}

type ChatInput = z.output<typeof algoChatInputSchema>;

/** What a conversation lets the client see: the fields, and its place. */
function outputFields(conversation: Conversation, fields: AlgoExtractedData): AlgoExtractedData {
  const rest = withoutLocation(fields);
  return conversation.location ? { ...rest, location: conversation.location } : rest;
}

/** The reply's place as a location to keep (a resolved comune has an address and coordinates). */
function placeOf(fields: AlgoExtractedData): LocationInput | undefined {
  const parsed = locationInputSchema.safeParse(fields.location);
  return parsed.success ? parsed.data : undefined;
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
      throw new HttpsError(
        "not-found",
        ERROR_MESSAGES.algoConversationNotFound,
        failureDetails(FAILURE_REASONS.algoConversationNotFound),
      );
    }
    if (isCompleted(existing)) {
      throw new HttpsError(
        "failed-precondition",
        ERROR_MESSAGES.algoConversationClosed,
        failureDetails(FAILURE_REASONS.algoConversationClosed),
      );
    }
    // The day's caps (algo-usage.ts), before any charge or model call.
    const now = deps.now();
    const usage = algoUsageOn(user.data.algoUsage, now);
    const refusal = algoUsageRefusal(usage, { emailProven: deps.emailProven });
    if (refusal) throw new HttpsError("resource-exhausted", USAGE_REFUSALS[refusal]);
    const charge = chargeInTransaction(tx, user, uid, action, now);
    if (charge.ok) tx.update(user.ref, { algoUsage: withTurn(usage) });
    return { charge, stored: existing };
  });
}

const USAGE_REFUSALS: Record<AlgoUsageRefusal, string> = {
  daily_turns: ALGO_LIMIT_MESSAGES.dailyTurns,
  daily_turns_unproven: ALGO_LIMIT_MESSAGES.dailyTurnsUnproven,
  daily_refunds: ALGO_LIMIT_MESSAGES.dailyFailures,
};

/** Step 2: the reply, from the ai_cache, Gemini or the offline Algo (engine.ts). */
function runEngine(conversation: Conversation, input: ChatInput, deps: AlgoChatDeps): Promise<EngineReply> {
  return algoReply(
    {
      fields: outputFields(conversation, conversation.fields),
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

/** Step 4: learning, whose errors are only logged (the cache is reinforced on publishing). */
async function learnFromTurn(
  uid: string,
  conversationId: string,
  conversation: Conversation,
  input: ChatInput,
  reply: EngineReply,
  deps: AlgoChatDeps,
): Promise<void> {
  const { db } = deps;
  const now = deps.now();
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
        isComplete: reply.isComplete,
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
  const action = algoTurnAction({
    text: input.message,
    hasImage: input.imageBase64 !== undefined,
    modelSeesImages: deps.gemini !== undefined,
  });

  const { charge, stored } = await loadAndCharge(uid, ref, action, deps);
  const conversation = withClientContext(stored ?? newConversation(uid), input);
  if (!charge.ok) {
    return {
      conversationId,
      message: ALGO_MESSAGES.outOfTokens,
      extractedData: outputFields(conversation, conversation.fields),
      isComplete: false,
      readyToPublish: false,
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
      readyToPublish: false,
      tokenBalance: await refundTurn(uid, action, charge, deps),
    };
  }

  // The client's place (sent with this turn) wins over the one the message named.
  const location = input.location ?? placeOf(reply.fields) ?? conversation.location;
  const placed: Conversation = { ...conversation, ...(location ? { location } : {}) };
  // A model that says 'complete' without a place: Algo asks where instead (no request without one).
  const needsPlace = reply.isComplete && !location;
  const answer = needsPlace ? { ...reply, message: ALGO_QUESTIONS.place, isComplete: false } : reply;
  const saved = await saveTurn(ref, placed, input, answer, deps);
  await learnFromTurn(uid, conversationId, conversation, input, answer, deps);
  const extractedData = outputFields(saved.conversation, answer.fields);
  return {
    conversationId,
    message: answer.message,
    extractedData,
    isComplete: answer.isComplete,
    readyToPublish:
      !isCompleted(saved.conversation) &&
      isReadyToPublish(extractedData, { complete: answer.isComplete, proposed: answer.proposed ?? false }),
    ...(needsPlace || answer.asksPlace ? { asksPlace: true } : {}),
    ...(saved.conversation.actionRadius ? { actionRadius: saved.conversation.actionRadius } : {}),
    tokenBalance: charge.balance,
  };
}

function defaultDeps(emailProven: boolean): AlgoChatDeps {
  return { db: adminDb(), gemini: geminiConfigFromEnv(), now: () => new Date(), emailProven };
}

export const algoChat = guardedCall(
  ACCOUNT_GUARD.account,
  sized("algoChat", { ...callableOptions, secrets: [geminiApiKey] }),
  async (request): Promise<AlgoChatOutput> => {
    const uid = request.auth?.uid;
    if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
    const input = parseCallableInput(algoChatInputSchema, request.data);
    try {
      return await runAlgoChat(uid, input, defaultDeps(emailProvenInToken(request.auth?.token)));
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logUnexpectedError("algoChat failed", error, { uid });
      throw new HttpsError("internal", ERROR_MESSAGES.algoCommunication);
    }
  },
);
