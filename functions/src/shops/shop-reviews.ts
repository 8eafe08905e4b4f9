import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import type { z } from "zod";
import { trialSubscription } from "@/domain/billing/plans";
import { COLLECTIONS, SHOP_REVIEW_FIELDS } from "@/domain/core/collections";
import { shopAreaAround } from "@/domain/geo/shop-area";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import {
  decideShopReviewInputSchema,
  type decideShopReviewOutputSchema,
  type listShopReviewsOutputSchema,
  SHOP_REVIEW_PAGE,
  SHOP_REVIEW_STATUS,
  type ShopReview,
  type ShopReviewDecision,
  shopReviewSchema,
  VIES_MAX_ATTEMPTS,
  VIES_RETRIES_PER_VIEW,
  VIES_STATE,
} from "@/domain/people/shop-review";
import { SHOP_FIELD, SHOP_STATUS } from "@/domain/people/shop-verification";
import { SHOP_VERIFICATION_MESSAGES } from "@/domain/people/shop-verification-messages";
import { subscriptionDoc, subscriptionRef } from "../billing/subscription-store";
import { runDeal } from "../deals/deal-store";
import { composeEmail, type MailTransport } from "../email/send";
import { smtpTransport } from "../email/smtp-transport";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { logUnexpectedError } from "../lib/error-log";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { requireAdmin } from "../moderation/admin-claim";
import { recordDecision } from "../moderation/decisions";
import { withdrawOpenOffersOf } from "../offers/withdraw-offer";
import { syncPublicProfile } from "../profiles/sync-profile";
import { fromFirestore, parseUserDoc, userRef } from "../profiles/user-record";
import { partitaIvaRef, shopReviewRef } from "./verify-shop";
import type { ViesGateway } from "./vies";
import { viesFromEnv } from "./vies-config";

type ListOutput = z.input<typeof listShopReviewsOutputSchema>;
type DecideOutput = z.infer<typeof decideShopReviewOutputSchema>;

export interface ShopReviewDeps {
  db: Firestore;
  now: () => Date;
  vies: ViesGateway;
  mail: MailTransport;
}

/**
 * VIES again for a shop it did not answer for, up to VIES_MAX_ATTEMPTS per submission. Written only
 * while the review is still the same pending submission (a newer one has its own answer).
 */
async function retryVies(deps: ShopReviewDeps, review: ShopReview): Promise<ShopReview> {
  const vies = await deps.vies.check(review.partitaIva, deps.now());
  const ref = shopReviewRef(deps.db, review.uid);
  return deps.db.runTransaction(async (tx) => {
    const current = shopReviewSchema.safeParse(fromFirestore((await tx.get(ref)).data()));
    if (
      !current.success ||
      current.data.status !== SHOP_REVIEW_STATUS.pending ||
      current.data.submittedAt.getTime() !== review.submittedAt.getTime()
    ) {
      return review;
    }
    const viesAttempts = current.data.viesAttempts + 1;
    tx.update(ref, { vies: { ...vies, checkedAt: Timestamp.fromDate(vies.checkedAt) }, viesAttempts });
    return { ...current.data, vies, viesAttempts };
  });
}

/**
 * The admin's queue: pending shops oldest first (one bounded page). Opening it retries VIES for the
 * first few it did not answer for (VIES_RETRIES_PER_VIEW, each within VIES_MAX_ATTEMPTS), so an outage
 * at sign-up is caught up without a sweep over every shop.
 */
export async function listShopReviewsFor(deps: ShopReviewDeps): Promise<ListOutput> {
  const snapshot = await deps.db
    .collection(COLLECTIONS.shopReviews)
    .where(SHOP_REVIEW_FIELDS.status, "==", SHOP_REVIEW_STATUS.pending)
    .orderBy(SHOP_REVIEW_FIELDS.submittedAt, "asc")
    .limit(SHOP_REVIEW_PAGE)
    .get();
  const reviews: ShopReview[] = [];
  for (const doc of snapshot.docs) {
    const parsed = shopReviewSchema.safeParse(fromFirestore(doc.data()));
    if (parsed.success) reviews.push(parsed.data);
    else logUnexpectedError("shopReviews: document does not match the schema", undefined, { uid: doc.id });
  }
  let retries = 0;
  const answered: ShopReview[] = [];
  for (const review of reviews) {
    const retry =
      review.vies.state === VIES_STATE.unavailable &&
      review.viesAttempts < VIES_MAX_ATTEMPTS &&
      retries < VIES_RETRIES_PER_VIEW;
    if (retry) retries += 1;
    answered.push(retry ? await retryVies(deps, review) : review);
  }
  return {
    reviews: answered.map((review) => ({
      ...review,
      submittedAt: review.submittedAt.toISOString(),
      vies: { ...review.vies, checkedAt: review.vies.checkedAt.toISOString() },
      ...(review.decidedAt ? { decidedAt: review.decidedAt.toISOString() } : {}),
    })),
  };
}

/**
 * Approve: the shop is verified (its powers open; its free month starts if it never had one).
 * Refuse: the shop is refused with the reason, and its Partita IVA released for whoever truly holds it.
 * Either way the review is closed and the shop is told by e-mail (a failed e-mail is logged, never
 * undoes the decision).
 */
export async function decideShopReviewFor(
  adminUid: string,
  input: ShopReviewDecision,
  deps: Pick<ShopReviewDeps, "db" | "now" | "mail">,
): Promise<DecideOutput> {
  const { db } = deps;
  const reviewRef = shopReviewRef(db, input.uid);
  const ref = userRef(db, input.uid);
  const email = await db.runTransaction(async (tx) => {
    const [reviewSnap, userSnap, planSnap] = await tx.getAll(reviewRef, ref, subscriptionRef(db, input.uid));
    const review = shopReviewSchema.safeParse(fromFirestore(reviewSnap?.data()));
    const user = parseUserDoc(userSnap?.data());
    if (
      !review.success ||
      review.data.status !== SHOP_REVIEW_STATUS.pending ||
      !user.ok ||
      user.user.shop?.status !== SHOP_STATUS.pending ||
      user.user.shop.partitaIva !== review.data.partitaIva
    ) {
      throw new HttpsError("failed-precondition", SHOP_VERIFICATION_MESSAGES.reviewNotFound);
    }
    const now = Timestamp.fromDate(deps.now());
    const decided = { decidedAt: now, decidedBy: adminUid };
    if (input.decision === "approve") {
      if (!planSnap?.exists) {
        tx.create(
          subscriptionRef(db, input.uid),
          subscriptionDoc(trialSubscription(input.uid, now.toDate())),
        );
      }
      // The area its feed may list, with the status: the shop's open app sees 'verified' live and
      // queries at once, before syncPublicProfile below would have written it.
      if (user.user.location) {
        tx.set(db.collection(COLLECTIONS.shopAreas).doc(input.uid), shopAreaAround(user.user.location));
      }
      tx.update(ref, {
        [`${SHOP_FIELD}.status`]: SHOP_STATUS.verified,
        [`${SHOP_FIELD}.verifiedAt`]: now,
        // The name now public; it stays public while a later change waits (publicBusinessName).
        ...(user.user.businessName ? { [`${SHOP_FIELD}.approvedName`]: user.user.businessName } : {}),
        updatedAt: now,
      });
      tx.update(reviewRef, { status: SHOP_REVIEW_STATUS.approved, ...decided });
    } else {
      const claim = partitaIvaRef(db, review.data.partitaIva);
      tx.delete(claim);
      tx.update(ref, {
        [`${SHOP_FIELD}.status`]: SHOP_STATUS.refused,
        [`${SHOP_FIELD}.refusalReason`]: input.reason,
        updatedAt: now,
      });
      tx.update(reviewRef, { status: SHOP_REVIEW_STATUS.refused, reason: input.reason, ...decided });
    }
    return review.data.email;
  });
  await syncPublicProfile(db, input.uid);
  // A refused shop (one that changed its name or Partita IVA and waited again may have offers out):
  // its open offers are withdrawn and each buyer told; the rules already refuse its chats and edits.
  if (input.decision === "refuse") await withdrawOpenOffersOf(deps, input.uid);
  try {
    await deps.mail.send(
      composeEmail(email, {
        type: "shop-decision",
        approved: input.decision === "approve",
        ...(input.decision === "refuse" ? { reason: input.reason } : {}),
      }),
    );
  } catch (error) {
    logger.warn("Shop decision e-mail not sent", { uid: input.uid, error: String(error) });
  }
  // After the decision's own e-mail: the reasons in the app (and by e-mail), and a review the shop
  // may ask once (P2B art. 4).
  if (input.decision === "refuse") {
    await recordDecision(deps, {
      subjectId: input.uid,
      action: "refuse_shop",
      grounds: ["shop_unverified"],
      reasonText: input.reason,
    });
  }
  return { ok: true };
}

async function depsFromEnv(): Promise<ShopReviewDeps> {
  const db = adminDb();
  return { db, now: await clockFor(db), vies: viesFromEnv(), mail: smtpTransport };
}

export const listShopReviews = guardedCall(
  ACCOUNT_GUARD.admin,
  sized("listShopReviews", callableOptions),
  async (request): Promise<ListOutput> => {
    const admin = requireAdmin(request);
    const deps = await depsFromEnv();
    return runDeal("listShopReviews", admin, SHOP_VERIFICATION_MESSAGES.reviewFailed, () =>
      listShopReviewsFor(deps),
    );
  },
);

export const decideShopReview = guardedCall(
  ACCOUNT_GUARD.admin,
  sized("decideShopReview", callableOptions),
  async (request): Promise<DecideOutput> => {
    const admin = requireAdmin(request);
    const input = parseCallableInput(decideShopReviewInputSchema, request.data);
    const deps = await depsFromEnv();
    return runDeal("decideShopReview", admin, SHOP_VERIFICATION_MESSAGES.reviewFailed, () =>
      decideShopReviewFor(admin, input, deps),
    );
  },
);
