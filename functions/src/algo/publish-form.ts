import type { Firestore } from "firebase-admin/firestore";
import { HttpsError, onCall } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import { COLLECTIONS } from "@/domain/collections";
import { ERROR_MESSAGES } from "@/domain/messages";
import { PUBLISHING_MESSAGES } from "@/domain/publishing-messages";
import {
  type PublishRequestInput,
  type PublishRequestOutput,
  publishRequestInputSchema,
  REQUEST_FORM_MESSAGES,
} from "@/domain/request-form";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { checkPublishing, writePublication } from "./publish";

/**
 * publishRequest({fields, location, actionRadius, photos?}) → {requestId, request}: 'Compila tu', the
 * plain form next to Algo (src/domain/request-form.ts). Free: no token is spent, no model is called.
 * One transaction through the summary card's own publishing code (publish.ts checkPublishing and
 * writePublication): buyers only, the buyer's caps, the spec's defaults, requests/{id} with the public
 * coarse location and expiresAt, requests/{id}/private/location and the photos. The request is not
 * aiGenerated and has no Algo conversation.
 */

type Deps = { db: Firestore; now: () => Date };

/** The caps, said for the form (Algo's words speak of its summary card). */
const FORM_REFUSALS: Readonly<Record<string, string>> = {
  [PUBLISHING_MESSAGES.tooManyActive]: REQUEST_FORM_MESSAGES.tooManyActive,
  [PUBLISHING_MESSAGES.dailyLimit]: REQUEST_FORM_MESSAGES.dailyLimit,
};
type Input = ReturnType<typeof publishRequestInputSchema.parse>;

export async function runPublishRequest(
  uid: string,
  input: Input,
  deps: Deps,
): Promise<PublishRequestOutput> {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const user = await tx.get(db.collection(COLLECTIONS.users).doc(uid));
    if (user.get("userType") !== "customer") {
      throw new HttpsError("permission-denied", REQUEST_FORM_MESSAGES.buyersOnly);
    }
    const check = await checkPublishing(tx, db, uid, input.location, deps.now());
    if (!check.ok) throw new HttpsError("failed-precondition", FORM_REFUSALS[check.message] ?? check.message);
    return writePublication(tx, db, check, {
      uid,
      fields: input.fields,
      actionRadius: input.actionRadius,
      imageAnalyzed: false,
      photos: input.photos,
    });
  });
}

export const publishRequest = onCall(callableOptions, async (request): Promise<PublishRequestOutput> => {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
  const input = parseCallableInput(publishRequestInputSchema, request.data as PublishRequestInput);
  try {
    const db = adminDb();
    return await runPublishRequest(uid, input, { db, now: await clockFor(db) });
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    logger.error("publishRequest failed", { uid, error: String(error) });
    throw new HttpsError("internal", ERROR_MESSAGES.publishRequest);
  }
});
