import { createHash } from "node:crypto";
import type { Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { COLLECTIONS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { PUBLISHING_MESSAGES } from "@/domain/marketplace/publishing-messages";
import {
  type PublishRequestInput,
  type PublishRequestOutput,
  publishRequestInputSchema,
  REQUEST_FORM_MESSAGES,
} from "@/domain/marketplace/request-form";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { emailProvenInToken } from "../lib/email-proven";
import { logUnexpectedError } from "../lib/error-log";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { checkPublishing, requestDocument, writePublication } from "./publish";

/**
 * publishRequest({fields, location, actionRadius, photos?, submissionId?}) → {requestId, request}: 'Compila tu', the
 * plain form next to Algo (src/domain/marketplace/request-form.ts). Free: no token is spent, no model is called.
 * One transaction through the summary card's own publishing code (publish.ts checkPublishing and
 * writePublication): buyers only, the buyer's caps, the spec's defaults, requests/{id} with the public
 * coarse location and expiresAt, requests/{id}/private/location and the photos. The request is not
 * aiGenerated and has no Algo conversation. The form's submissionId makes it idempotent: the request's
 * id derives from it, so the same submission twice publishes once and answers the same request.
 */

/** emailProven: the caller's ID token proves the address (else the request waits: publish.ts). */
type Deps = { db: Firestore; now: () => Date; emailProven: boolean };

/** The caps, said for the form (Algo's words speak of its summary card). */
const FORM_REFUSALS: Readonly<Record<string, string>> = {
  [PUBLISHING_MESSAGES.tooManyActive]: REQUEST_FORM_MESSAGES.tooManyActive,
  [PUBLISHING_MESSAGES.dailyLimit]: REQUEST_FORM_MESSAGES.dailyLimit,
};
type Input = ReturnType<typeof publishRequestInputSchema.parse>;

/**
 * The request a form submission publishes: derived from the buyer and the form's submissionId, so a
 * second call with the same key finds the first one's request; without a key, a new id.
 */
export function submittedRequestRef(db: Firestore, uid: string, submissionId: string | undefined) {
  const requests = db.collection(COLLECTIONS.requests);
  if (!submissionId) return requests.doc();
  const digest = createHash("sha256").update(`${uid}:${submissionId}`).digest("hex");
  return requests.doc(`form-${digest.slice(0, 24)}`);
}

export async function runPublishRequest(
  uid: string,
  input: Input,
  deps: Deps,
): Promise<PublishRequestOutput> {
  const { db } = deps;
  const requestRef = submittedRequestRef(db, uid, input.submissionId);
  const publication = {
    uid,
    fields: input.fields,
    actionRadius: input.actionRadius,
    imageAnalyzed: false,
    photos: input.photos,
  };
  return db.runTransaction(async (tx) => {
    const [user, earlier] = await Promise.all([
      tx.get(db.collection(COLLECTIONS.users).doc(uid)),
      tx.get(requestRef),
    ]);
    if (user.get("userType") !== "customer") {
      throw new HttpsError("permission-denied", REQUEST_FORM_MESSAGES.buyersOnly);
    }
    // The same submission again: its request is already out; nothing is written or counted twice.
    if (earlier.exists) {
      const { request } = requestDocument({
        ...publication,
        requestId: requestRef.id,
        location: input.location,
      });
      return { requestId: requestRef.id, request };
    }
    const check = await checkPublishing(tx, db, uid, input.location, deps.now(), deps);
    if (!check.ok) throw new HttpsError("failed-precondition", FORM_REFUSALS[check.message] ?? check.message);
    return writePublication(tx, db, check, publication, requestRef);
  });
}

export const publishRequest = guardedCall(
  ACCOUNT_GUARD.account,
  sized("publishRequest", callableOptions),
  async (request): Promise<PublishRequestOutput> => {
    const uid = request.auth?.uid;
    if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
    const input = parseCallableInput(publishRequestInputSchema, request.data as PublishRequestInput);
    try {
      const db = adminDb();
      return await runPublishRequest(uid, input, {
        db,
        now: await clockFor(db),
        emailProven: emailProvenInToken(request.auth?.token),
      });
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logUnexpectedError("publishRequest failed", error, { uid });
      throw new HttpsError("internal", ERROR_MESSAGES.publishRequest);
    }
  },
);
