import { randomInt } from "node:crypto";
import { type Firestore, Timestamp, type Transaction } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { buildMessageWrite } from "@/domain/marketplace/message-document";
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
import { type RollupStaging, recordAfterCommit, stageSaleVerified } from "../analytics/rollups";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { readPublicName } from "../requests/request-life-store";
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
 * Success stamps verifiedPurchaseAt on the offer and the request ('Acquisto verificato' for both sides)
 * and spends the code. It does not close the deal by itself: the buyer then rates and completes it
 * through completeTransaction, the one completion path, which reads verifiedPurchaseAt so the review is
 * marked verified and counts (rating.ts ratingOutcome).
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
    const [conversations, shopName] = await Promise.all([
      readConversations(tx, db, [offer.id]),
      readPublicName(tx, db, uid),
    ]);
    tx.update(codeRef, { usedAt: now, wrongTries: 0 });
    tx.update(offerRef(db, offer.id), { verifiedPurchaseAt: now, updatedAt: now });
    tx.update(requestDoc, { verifiedPurchaseAt: now, updatedAt: now });
    countPickup(tx, db, request.customerId, "collected", now);
    // Said in the chat (which moves the conversation up both lists): the buyer's open chat hears it.
    for (const chatRef of conversations) {
      const messageRef = chatRef.collection(SUBCOLLECTIONS.messages).doc();
      const write = buildMessageWrite(
        uid,
        {
          conversationId: chatRef.id,
          senderName: shopName,
          senderType: "merchant",
          content: PICKUP_MESSAGES.verifiedChat,
        },
        (): Timestamp => now,
        messageRef.id,
      );
      tx.create(messageRef, write.message);
      tx.update(chatRef, write.conversationUpdate);
    }
    const requestData = requestSnap.data() ?? {};
    return {
      ok: true as const,
      requestId: request.id,
      rollup: ((writer) =>
        stageSaleVerified(writer, db, requestData, { merchantId: uid, at: now.toDate() })) as RollupStaging,
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
