import type { Auth } from "firebase-admin/auth";
import { type DocumentReference, FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import type { z } from "zod";
import { COLLECTIONS, CONVERSATION_FIELDS, OFFER_FIELDS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { CONVERSATION_CLOSED_BY } from "@/domain/marketplace/conversation";
import {
  assertRequestTransition,
  CONVERSATION_STATUS,
  OFFER_STATUS,
  REQUEST_STATUS,
  storedRequestStatusSchema,
} from "@/domain/marketplace/state-machine";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { decisionSummary, moderateReportInputSchema } from "@/domain/people/decisions";
import {
  MODERATION_OUTCOME_TEXTS,
  type ModerationAction,
  type moderateReportOutputSchema,
  REPORT_STATUS,
  type Report,
  reportSchema,
} from "@/domain/people/moderation";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { assertTransition, docId, runDeal } from "../deals/deal-store";
import { composeEmail, type MailTransport } from "../email/send";
import { smtpTransport } from "../email/smtp-transport";
import { guardedCall } from "../lib/account-guard";
import { adminAuth, adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { fromFirestore } from "../profiles/user-record";
import { uncountReview } from "../shops/review-expiry";
import { requireAdmin } from "./admin-claim";
import { recordDecision } from "./decisions";
import { endSuspendedDealings } from "./suspension";

type ModerateOutput = z.infer<typeof moderateReportOutputSchema>;

export interface ModerateDeps {
  db: Firestore;
  auth: Auth;
  mail: MailTransport;
  now: () => Date;
}

function closeConversation(ref: DocumentReference, at: Timestamp) {
  return ref.update({
    status: CONVERSATION_STATUS.closed,
    closedBy: CONVERSATION_CLOSED_BY.moderation,
    updatedAt: at,
  });
}

/** An active request is cancelled (the state machine's one way out) and marked hidden; its chats close. */
async function hideRequest(db: Firestore, requestId: string, at: Timestamp): Promise<void> {
  const ref = db.collection(COLLECTIONS.requests).doc(docId(requestId));
  const status = storedRequestStatusSchema.parse((await ref.get()).data()?.status);
  assertTransition(assertRequestTransition(status, REQUEST_STATUS.cancelled));
  const [pending, chats] = await Promise.all([
    db
      .collection(COLLECTIONS.offers)
      .where(OFFER_FIELDS.requestId, "==", requestId)
      .where(OFFER_FIELDS.status, "==", OFFER_STATUS.pending)
      .get(),
    db.collection(COLLECTIONS.conversations).where(CONVERSATION_FIELDS.requestId, "==", requestId).get(),
  ]);
  const batch = db.batch();
  batch.update(ref, {
    status: REQUEST_STATUS.cancelled,
    cancelledAt: at,
    updatedAt: at,
    hiddenByModeration: true,
  });
  for (const offer of pending.docs) batch.update(offer.ref, { status: OFFER_STATUS.expired, updatedAt: at });
  for (const chat of chats.docs) {
    batch.update(chat.ref, {
      status: CONVERSATION_STATUS.closed,
      closedBy: CONVERSATION_CLOSED_BY.moderation,
      updatedAt: at,
    });
  }
  await batch.commit();
}

/**
 * Disabled in Auth (no new sign-in, sessions revoked) and marked suspended where others see it. The
 * rules read users/{uid}.suspendedAt, so the account's still-valid ID token is refused from this write on;
 * then its conversations close, its pending offers expire and the other sides are told.
 */
async function suspendUser(deps: ModerateDeps, uid: string, at: Timestamp): Promise<void> {
  // The rules' mark first: from this write on, whatever Auth does next, the account is refused.
  const user = deps.db.collection(COLLECTIONS.users).doc(docId(uid));
  if ((await user.get()).exists) await user.update({ suspendedAt: at });
  // Sessions end; the account is not disabled in Auth, so it can sign in again to read the decision's
  // reasons and ask for a review (decisions.ts): the guard and the rules refuse everything else.
  await deps.auth.revokeRefreshTokens(uid);
  const profile = deps.db.collection(COLLECTIONS.profiles).doc(uid);
  if ((await profile.get()).exists) await profile.update({ suspended: true });
  await endSuspendedDealings(deps, uid, at);
}

/**
 * A reported review leaves the shop's page (and its average, if it counted); a reported answer leaves
 * its review, and the shop may not answer that review again (firestore.rules: answerRemovedAt).
 */
async function removeReported(db: Firestore, report: Report, at: Timestamp): Promise<void> {
  if ((report.kind !== "review" && report.kind !== "review_answer") || !report.shopId) {
    throw new HttpsError("failed-precondition", MODERATION_MESSAGES.reportTargetNotFound);
  }
  const review = db
    .collection(COLLECTIONS.profiles)
    .doc(docId(report.shopId))
    .collection(SUBCOLLECTIONS.reviews)
    .doc(docId(report.targetId));
  if (report.kind === "review") await uncountReview(db, review, at.toDate(), true);
  else await review.update({ answer: FieldValue.delete(), answerRemovedAt: at });
}

/**
 * An admin's decision on an open report: the action, then the report resolved with the outcome the
 * reporter reads in the app, and the same outcome by e-mail (a failed e-mail is logged, never undoes
 * the decision).
 */
export async function moderateReportFor(
  input: z.output<typeof moderateReportInputSchema>,
  deps: ModerateDeps,
): Promise<ModerateOutput> {
  const ref = deps.db.collection(COLLECTIONS.reports).doc(docId(input.reportId));
  const snapshot = await ref.get();
  if (!snapshot.exists) throw new HttpsError("not-found", MODERATION_MESSAGES.reportNotFound);
  const report = reportSchema.parse(fromFirestore(snapshot.data()));
  if (report.status !== REPORT_STATUS.open) {
    throw new HttpsError("failed-precondition", MODERATION_MESSAGES.reportAlreadyClosed);
  }
  const at = Timestamp.fromDate(deps.now());
  const action: ModerationAction = input.action;
  if (action === "hide_request") {
    if (!report.requestId)
      throw new HttpsError("failed-precondition", MODERATION_MESSAGES.reportTargetNotFound);
    await hideRequest(deps.db, report.requestId, at);
  } else if (action === "close_conversation") {
    if (!report.conversationId) {
      throw new HttpsError("failed-precondition", MODERATION_MESSAGES.reportTargetNotFound);
    }
    await closeConversation(
      deps.db.collection(COLLECTIONS.conversations).doc(docId(report.conversationId)),
      at,
    );
  } else if (action === "remove_content") {
    await removeReported(deps.db, report, at);
  } else if (action === "suspend_user") {
    await suspendUser(deps, report.reportedUserId, at);
  }
  const outcome = MODERATION_OUTCOME_TEXTS[action];
  const reasons = { grounds: input.grounds, ...(input.reasonText ? { reasonText: input.reasonText } : {}) };
  await ref.update({ status: REPORT_STATUS.resolved, resolvedAt: at, action, outcome, ...reasons });
  // The person reported is told with the same reasons, and may ask for a review (decisions.ts).
  await recordDecision(deps, {
    id: report.id,
    subjectId: report.reportedUserId,
    reportId: report.id,
    action,
    excerpt: report.excerpt,
    ...reasons,
  });

  try {
    const reporter = await deps.auth.getUser(report.reporterId);
    const told = `${outcome}\n\n${decisionSummary({ action, ...reasons })}`;
    if (reporter.email)
      await deps.mail.send(composeEmail(reporter.email, { type: "report-outcome", outcome: told }));
  } catch (error) {
    logger.warn("Report outcome e-mail not sent", { reportId: report.id, error: String(error) });
  }
  return { ok: true };
}

export const moderateReport = guardedCall(
  ACCOUNT_GUARD.admin,
  sized("moderateReport", callableOptions),
  (request): Promise<ModerateOutput> => {
    const admin = requireAdmin(request);
    return runDeal("moderateReport", admin, MODERATION_MESSAGES.reportFailed, () =>
      moderateReportFor(parseCallableInput(moderateReportInputSchema, request.data), {
        db: adminDb(),
        auth: adminAuth(),
        mail: smtpTransport,
        now: () => new Date(),
      }),
    );
  },
);
