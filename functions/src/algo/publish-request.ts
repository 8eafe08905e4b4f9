import type { Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import {
  type PublishAlgoRequestInput,
  type PublishAlgoRequestOutput,
  publishAlgoRequestInputSchema,
} from "@/domain/algo/algo";
import { ALGO_CONVERSATION_STATUS } from "@/domain/algo/algo-conversation";
import { mergeExtractedData, sanitizeExtractedData } from "@/domain/algo/extracted-data";
import { FAILURE_REASONS, failureDetails } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { PUBLISHING_MESSAGES } from "@/domain/marketplace/publishing-messages";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { emailProvenInToken } from "../lib/email-proven";
import { logUnexpectedError } from "../lib/error-log";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { reinforceCacheEntries } from "./ai-cache";
import { conversationDoc, conversationRefFor, parseConversation } from "./conversation-store";
import { quietly } from "./engine";
import { checkPublishing, publishableRequest, writePublication } from "./publish";

/**
 * publishAlgoRequest({conversationId, fields, location?, actionRadius?}) → {requestId, request}: the
 * summary card's 'Pubblica', the only way a request is published (algoChat turns never publish).
 *
 * One transaction: the buyer's own open conversation; the fields the buyer reviewed (and maybe edited
 * on the card) merged over the ones the conversation collected, sanitised; a product and a place (the
 * one sent, else the one the conversation resolved from the chat) or failed-precondition with what
 * is missing; the buyer's caps (publish.ts); then requests/{id} with the public coarse location,
 * requests/{id}/private/location and the photos the buyer gave Algo (requests/{id}/photos, no token
 * spent on them), and the conversation closed with the request's id. Publishing a
 * conversation already published answers its request again (a retry after a lost connection).
 */

/** emailProven: the caller's ID token proves the address (else the request waits: publish.ts). */
type Deps = { db: Firestore; now: () => Date; emailProven: boolean };
type Input = ReturnType<typeof publishAlgoRequestInputSchema.parse>;

export async function runPublishAlgoRequest(
  uid: string,
  input: Input,
  deps: Deps,
): Promise<PublishAlgoRequestOutput> {
  const { db } = deps;
  const ref = conversationRefFor(db, input.conversationId);
  const outcome = await db.runTransaction(async (tx) => {
    const now = deps.now();
    const snapshot = await tx.get(ref);
    const conversation = snapshot.exists ? parseConversation(snapshot.data()) : undefined;
    if (!conversation || conversation.userId !== uid) {
      throw new HttpsError(
        "not-found",
        ERROR_MESSAGES.algoConversationNotFound,
        failureDetails(FAILURE_REASONS.algoConversationNotFound),
      );
    }
    const fields = mergeExtractedData(conversation.fields, sanitizeExtractedData(input.fields));
    const actionRadius = input.actionRadius ?? conversation.actionRadius;
    const base = {
      uid,
      conversationId: ref.id,
      fields,
      ...(actionRadius ? { actionRadius } : {}),
      imageAnalyzed: conversation.imageAnalyzed,
    };
    if (conversation.status === ALGO_CONVERSATION_STATUS.completed && conversation.requestId) {
      const location = conversation.location ?? input.location;
      if (!location)
        throw new HttpsError(
          "failed-precondition",
          ERROR_MESSAGES.algoConversationClosed,
          failureDetails(FAILURE_REASONS.algoConversationClosed),
        );
      const request = publishableRequest({ ...base, requestId: conversation.requestId, location });
      return { requestId: conversation.requestId, request, ids: [] as string[] };
    }
    if (!fields.productName) throw new HttpsError("failed-precondition", PUBLISHING_MESSAGES.productNeeded);
    const location = input.location ?? conversation.location;
    const check = await checkPublishing(tx, db, uid, location, now, deps);
    if (!check.ok) throw new HttpsError("failed-precondition", check.message);
    const { request, requestId } = writePublication(tx, db, check, { ...base, photos: input.photos ?? [] });
    tx.set(
      ref,
      {
        ...conversationDoc(
          {
            ...conversation,
            fields,
            location: check.location,
            ...(actionRadius ? { actionRadius } : {}),
            status: ALGO_CONVERSATION_STATUS.completed,
            requestId,
          },
          now,
        ),
      },
      { merge: true },
    );
    return { requestId, request, ids: conversation.cacheEntryIds };
  });
  // The replies that led to a publication are worth sharing (ai-cache.ts); errors only logged.
  if (outcome.ids.length > 0) {
    await quietly("ai_cache reinforcement", () => reinforceCacheEntries(db, outcome.ids, uid, deps.now()));
  }
  return { requestId: outcome.requestId, request: outcome.request };
}

export const publishAlgoRequest = guardedCall(
  ACCOUNT_GUARD.account,
  sized("publishAlgoRequest", callableOptions),
  async (request): Promise<PublishAlgoRequestOutput> => {
    const uid = request.auth?.uid;
    if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
    const input = parseCallableInput(publishAlgoRequestInputSchema, request.data as PublishAlgoRequestInput);
    try {
      return await runPublishAlgoRequest(uid, input, {
        db: adminDb(),
        now: () => new Date(),
        emailProven: emailProvenInToken(request.auth?.token),
      });
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logUnexpectedError("publishAlgoRequest failed", error, { uid });
      throw new HttpsError("internal", ERROR_MESSAGES.publishRequest);
    }
  },
);
