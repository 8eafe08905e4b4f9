import { randomInt } from "node:crypto";
import { FieldValue, type Firestore, Timestamp, type Transaction } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { COLLECTIONS } from "@/domain/core/collections";
import { DEAL_SYSTEM_LINES } from "@/domain/marketplace/deal-end";
import {
  judgePickupAttempt,
  PICKUP_MESSAGES,
  type PickupRefusal,
  type PickupState,
  pickupCodeFrom,
  pickupDetails,
  pickupRefusal,
  type VerifyPickupOutput,
  verifyPickupInputSchema,
} from "@/domain/marketplace/pickup";
import { OFFER_STATUS, REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import {
  type RollupStaging,
  recordAfterCommit,
  stageSaleCompleted,
  stageSaleVerified,
} from "../analytics/rollups";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { countDealChange } from "../notifications/unread-counts";
import { userRef } from "../profiles/user-record";
import {
  type DealDeps,
  docId,
  offerRef,
  readConversations,
  readOffer,
  readRequest,
  requestRef,
  runDeal,
  timestamp,
} from "./deal-store";
import { countPickup } from "./pickup-record";
import { stageSystemLine } from "./system-lines";

/**
 * The pickup code of an accepted deal (src/domain/marketplace/pickup.ts): pickupCodes/{offerId}, read by the buyer
 * alone (firestore.rules). acceptOffer stages it in its transaction (a new code on every accept, so a
 * deal cancelled and accepted again never reuses one); verifyPickup spends it.
 */
export function pickupCodeRef(db: Firestore, offerId: string) {
  return db.collection(COLLECTIONS.pickupCodes).doc(docId(offerId));
}

export function stagePickupCode(
  tx: Transaction,
  db: Firestore,
  deal: { offerId: string; requestId: string; customerId: string; merchantId: string },
  at: Timestamp,
): void {
  tx.set(pickupCodeRef(db, deal.offerId), {
    ...deal,
    code: pickupCodeFrom((size) => randomInt(size)),
    wrongTries: 0,
    createdAt: at,
  });
}

function storedState(data: FirebaseFirestore.DocumentData): PickupState {
  const date = (value: unknown) => (value instanceof Timestamp ? value.toDate() : undefined);
  return {
    code: String(data.code),
    usedAt: date(data.usedAt),
    wrongTries: typeof data.wrongTries === "number" ? data.wrongTries : 0,
    lockedUntil: date(data.lockedUntil),
  };
}

function refused(
  code: "permission-denied" | "failed-precondition" | "resource-exhausted",
  refusal: PickupRefusal,
) {
  return new HttpsError(code, pickupRefusal(refusal), pickupDetails(refusal));
}

/**
 * verifyPickup({offerId, code}) → {offerId, requestId, verifiedPurchase}, one transaction: only the
 * deal's shop, only while its offer is the request's accepted one (in_progress), a code used once; a
 * wrong code is counted (its count committed before the refusal is thrown), the fifth starts a wait.
 * Success is final: it spends the code, stamps verifiedPurchaseAt on the offer alone ('Acquisto
 * verificato' for both sides; the request never carries it, so a later deal is not verified), completes
 * the request (completed, completedAt, completedOfferId; the shop's successfulMatches + 1), counts the
 * buyer's collection and says so in the chat as a system line. The buyer's rating may follow, optional,
 * through completeTransaction, which reads the offer's verifiedPurchaseAt for the review's badge.
 */
export async function verifyPickupFor(
  uid: string,
  data: unknown,
  deps: DealDeps,
): Promise<VerifyPickupOutput> {
  const input = parseCallableInput(verifyPickupInputSchema, data);
  const { db } = deps;
  const codeRef = pickupCodeRef(db, input.offerId);
  const outcome = await db.runTransaction(async (tx) => {
    const offer = readOffer(await tx.get(offerRef(db, input.offerId)));
    if (offer.merchantId !== uid) throw refused("permission-denied", { reason: "notYourDeal" });
    const requestDoc = requestRef(db, offer.requestId);
    const requestSnap = await tx.get(requestDoc);
    const request = readRequest(requestSnap);
    const stored = (await tx.get(codeRef)).data();
    if (!stored) throw refused("failed-precondition", { reason: "notAccepted" });
    const state = storedState(stored);
    if (state.usedAt) throw refused("failed-precondition", { reason: "used" });
    const accepted =
      offer.status === OFFER_STATUS.accepted &&
      request.status === REQUEST_STATUS.inProgress &&
      request.acceptedOfferId === offer.id;
    if (!accepted) throw refused("failed-precondition", { reason: "notAccepted" });

    const now = timestamp(deps);
    const attempt = judgePickupAttempt(state, input.code, now.toDate());
    if (!attempt.ok) {
      if (attempt.reason === "wrong") {
        tx.update(codeRef, {
          wrongTries: attempt.wrongTries,
          lastWrongAt: now,
          ...(attempt.lockedUntil ? { lockedUntil: Timestamp.fromDate(attempt.lockedUntil) } : {}),
        });
      }
      return { ok: false as const, attempt };
    }
    const merchantUserRef = userRef(db, uid);
    const [conversations, merchantSnap] = await Promise.all([
      readConversations(tx, db, [offer.id]),
      tx.get(merchantUserRef),
    ]);
    tx.update(codeRef, { usedAt: now, wrongTries: 0 });
    // The sale is final: the deal is completed now (the rating may follow, completeTransaction), and the
    // verification is the offer's alone, so it never carries to another deal on this request.
    tx.update(offerRef(db, offer.id), {
      verifiedPurchaseAt: now,
      dealClosesAt: FieldValue.delete(),
      updatedAt: now,
    });
    tx.update(requestDoc, {
      status: REQUEST_STATUS.completed,
      completedAt: now,
      completedOfferId: offer.id,
      updatedAt: now,
    });
    if (merchantSnap.exists) {
      const matches = merchantSnap.get("successfulMatches");
      tx.update(merchantUserRef, {
        successfulMatches: (typeof matches === "number" && Number.isInteger(matches) ? matches : 0) + 1,
      });
    }
    countPickup(tx, db, request.customerId, "collected", now);
    // The buyer's open screens (their request cards, the chat) read the completed deal again.
    countDealChange(tx, db, request.customerId);
    // Said in the chat as a system line (which moves the conversation up both lists).
    stageSystemLine(tx, conversations, { uid, side: "merchant" }, DEAL_SYSTEM_LINES.verified, now);
    const requestData = requestSnap.data() ?? {};
    return {
      ok: true as const,
      requestId: request.id,
      rollup: ((writer) => {
        stageSaleVerified(writer, db, requestData, { merchantId: uid, at: now.toDate() });
        stageSaleCompleted(writer, db, requestData);
      }) as RollupStaging,
    };
  });
  if (!outcome.ok) {
    const { attempt } = outcome;
    if (attempt.reason === "wrong")
      throw refused("permission-denied", { reason: "wrong", left: attempt.left });
    if (attempt.reason === "locked")
      throw refused("resource-exhausted", { reason: "locked", minutesLeft: attempt.minutesLeft });
    throw refused("failed-precondition", { reason: "used" });
  }
  await recordAfterCommit(db, outcome.rollup);
  return { offerId: input.offerId, requestId: outcome.requestId, verifiedPurchase: true };
}

export const verifyPickup = guardedCall(
  ACCOUNT_GUARD.shop,
  sized("verifyPickup", callableOptions),
  (request): Promise<VerifyPickupOutput> =>
    runDeal("verifyPickup", request.auth?.uid, PICKUP_MESSAGES.failed, (uid) =>
      verifyPickupFor(uid, request.data, { db: adminDb(), now: () => new Date() }),
    ),
);
