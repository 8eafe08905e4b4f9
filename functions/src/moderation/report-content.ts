import type { DocumentData, Firestore } from "firebase-admin/firestore";
import { Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import type { z } from "zod";
import { paths } from "@/config/paths";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { offerIdFor } from "@/domain/marketplace/offer";
import { OFFER_STATUS, REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import {
  MAX_REPORTS_PER_DAY,
  REPORT_EXCERPT_MAX_LENGTH,
  REPORT_KIND_LABELS,
  REPORT_STATUS,
  type ReportKind,
  reportContentInputSchema,
  type reportContentOutputSchema,
} from "@/domain/people/moderation";
import { isVerifiedShop } from "@/domain/people/shop-verification";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { docId, runDeal } from "../deals/deal-store";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { hitRateLimits } from "../lib/rate-limit";
import { sized } from "../lib/sizing";
import { cloudEmailQueue, type EmailQueue } from "../notifications/email-queue";
import { notify } from "../notifications/notify";

export type ReportContentRequest = z.output<typeof reportContentInputSchema>;
type ReportContentOutput = z.infer<typeof reportContentOutputSchema>;

export interface ModerationDeps {
  db: Firestore;
  now: () => Date;
  /** The acknowledgment's e-mail goes through the notification queue (notify.ts). */
  emailQueue?: EmailQueue;
}

/** What a report points at, as the server reads it: never as the caller describes it. */
type Target = {
  reportedUserId: string;
  excerpt: string;
  conversationId?: string;
  requestId?: string;
  messageId?: string;
  shopId?: string;
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
const excerptOf = (...parts: unknown[]) =>
  parts.map(text).filter(Boolean).join(" · ").slice(0, REPORT_EXCERPT_MAX_LENGTH);

const notAllowed = () => new HttpsError("permission-denied", MODERATION_MESSAGES.reportNotAllowed);
const notFound = () => new HttpsError("not-found", MODERATION_MESSAGES.reportTargetNotFound);

/**
 * The reporter could read the request (firestore.rules, requests get): a verified shop while it is active,
 * or the shop whose offer on it was accepted. Anyone else would learn its text from the report's excerpt.
 */
async function mayReadRequest(
  db: Firestore,
  uid: string,
  requestId: string,
  request: DocumentData,
): Promise<boolean> {
  const caller = (await db.collection(COLLECTIONS.users).doc(docId(uid)).get()).data();
  if (!caller || !isVerifiedShop({ userType: String(caller.userType), shop: caller.shop })) return false;
  if (request.status === REQUEST_STATUS.active) return true;
  const offer = (
    await db
      .collection(COLLECTIONS.offers)
      .doc(docId(offerIdFor(requestId, uid)))
      .get()
  ).data();
  return offer?.status === OFFER_STATUS.accepted;
}

async function readTarget(db: Firestore, uid: string, input: ReportContentRequest): Promise<Target> {
  const read = async (collection: string, id: string): Promise<DocumentData> => {
    const snapshot = await db.collection(collection).doc(docId(id)).get();
    const data = snapshot.data();
    if (!data) throw notFound();
    return data;
  };
  const kind: ReportKind = input.kind;
  if (kind === "review" || kind === "review_answer") return readReviewTarget(db, input);
  if (kind === "conversation") {
    const chat = await read(COLLECTIONS.conversations, input.targetId);
    const { customerId, merchantId } = chat.participants ?? {};
    if (uid !== customerId && uid !== merchantId) throw notAllowed();
    const other = uid === customerId ? merchantId : customerId;
    let excerpt = excerptOf(chat.lastMessage?.senderId === other ? chat.lastMessage?.content : "");
    if (input.messageId) {
      const message = (
        await db
          .collection(COLLECTIONS.conversations)
          .doc(input.targetId)
          .collection(SUBCOLLECTIONS.messages)
          .doc(docId(input.messageId))
          .get()
      ).data();
      if (!message) throw notFound();
      if (message.senderId !== other) throw notAllowed();
      excerpt = excerptOf(message.content);
    }
    return {
      reportedUserId: text(other),
      excerpt,
      conversationId: input.targetId,
      ...(text(chat.requestId) ? { requestId: text(chat.requestId) } : {}),
      ...(input.messageId ? { messageId: input.messageId } : {}),
    };
  }
  if (kind === "offer") {
    const offer = await read(COLLECTIONS.offers, input.targetId);
    if (offer.customerId !== uid) throw notAllowed();
    return {
      reportedUserId: text(offer.merchantId),
      excerpt: excerptOf(offer.productName, offer.description),
      conversationId: input.targetId,
      ...(text(offer.requestId) ? { requestId: text(offer.requestId) } : {}),
    };
  }
  const request = await read(COLLECTIONS.requests, input.targetId);
  if (request.customerId === uid) throw notAllowed();
  if (!(await mayReadRequest(db, uid, input.targetId, request))) throw notAllowed();
  return {
    reportedUserId: text(request.customerId),
    excerpt: excerptOf(request.productName, request.description),
    requestId: input.targetId,
  };
}

/**
 * A review (any signed-in user reads it on the shop's page): its author is the buyer of the request it
 * is named after; the answer's author is the shop. Nobody reports what they wrote.
 */
async function readReviewTarget(db: Firestore, input: ReportContentRequest): Promise<Target> {
  if (!input.shopId) throw notFound();
  const review = (
    await db
      .collection(COLLECTIONS.profiles)
      .doc(docId(input.shopId))
      .collection(SUBCOLLECTIONS.reviews)
      .doc(docId(input.targetId))
      .get()
  ).data();
  if (!review) throw notFound();
  const base = { shopId: input.shopId, requestId: input.targetId };
  if (input.kind === "review_answer") {
    if (!review.answer) throw notFound();
    return { ...base, reportedUserId: input.shopId, excerpt: excerptOf(review.answer.text) };
  }
  const request = (await db.collection(COLLECTIONS.requests).doc(docId(input.targetId)).get()).data();
  return {
    ...base,
    reportedUserId: text(request?.customerId),
    excerpt: excerptOf(`${review.rating}/5`, review.comment),
  };
}

/**
 * A report from `uid` (a participant of the conversation, the buyer an offer was made to, or someone
 * who sees a request): the reported person, the excerpt and the ids come from the server's documents.
 * At most MAX_REPORTS_PER_DAY per user a day.
 */
export async function reportContentFor(
  uid: string,
  input: ReportContentRequest,
  deps: ModerationDeps,
): Promise<ReportContentOutput> {
  const { db } = deps;
  const target = await readTarget(db, uid, input);
  if (!target.reportedUserId || target.reportedUserId === uid) throw notAllowed();
  const now = deps.now();
  const allowed = await hitRateLimits(
    db,
    [{ key: `report:uid:${uid}`, policy: { max: MAX_REPORTS_PER_DAY, windowMs: 24 * 60 * 60 * 1000 } }],
    now,
  );
  if (!allowed) throw new HttpsError("resource-exhausted", MODERATION_MESSAGES.tooManyReports);
  const ref = db.collection(COLLECTIONS.reports).doc();
  await ref.set({
    id: ref.id,
    reporterId: uid,
    kind: input.kind,
    targetId: input.targetId,
    ...target,
    reason: input.reason,
    ...(input.text ? { text: input.text } : {}),
    status: REPORT_STATUS.open,
    createdAt: Timestamp.fromDate(now),
  });
  // The acknowledgment (DSA art. 16): in the bell and by e-mail; a lost one never undoes the report.
  await notify(deps, {
    uid,
    kind: "report_received",
    eventKey: ref.id,
    params: { kindLabel: REPORT_KIND_LABELS[input.kind] },
    link: paths.profile.getHref(),
  }).catch((error: unknown) => logger.warn("Report acknowledgment not written", { error: String(error) }));
  return { reportId: ref.id };
}

export const reportContent = guardedCall(
  ACCOUNT_GUARD.account,
  sized("reportContent", callableOptions),
  (request): Promise<ReportContentOutput> =>
    runDeal("reportContent", request.auth?.uid, MODERATION_MESSAGES.reportFailed, (uid) =>
      reportContentFor(uid, parseCallableInput(reportContentInputSchema, request.data), {
        db: adminDb(),
        now: () => new Date(),
        emailQueue: cloudEmailQueue(),
      }),
    ),
);
