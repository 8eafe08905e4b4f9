import { Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { paths } from "@/config/paths";
import { COLLECTIONS, OFFER_FIELDS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import {
  type WithdrawOfferInput,
  type WithdrawOfferOutput,
  withdrawOfferInputSchema,
} from "@/domain/marketplace/request-life";
import { REQUEST_LIFE_MESSAGES } from "@/domain/marketplace/request-life-messages";
import { assertOfferTransition, OFFER_STATUS } from "@/domain/marketplace/state-machine";
import { NOTIFICATION_KIND } from "@/domain/notifications/notifications";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import {
  assertTransition,
  offerRef,
  readConversations,
  readOffer,
  requestRef,
  runDeal,
  touchConversations,
} from "../deals/deal-store";
import { guardedCall } from "../lib/account-guard";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { forEachPage } from "../moderation/suspension";
import { cloudEmailQueue } from "../notifications/email-queue";
import { deliverEmailQuietly, type NotifyDeps, stageNotification } from "../notifications/notify";
import { lifeDeps } from "../requests/request-actions";
import { readLifeRequest, readPublicName } from "../requests/request-life-store";

/**
 * withdrawOffer({offerId}) → {offerId}, one transaction: the shop takes back its pending offer
 * (pending → withdrawn, 'Ritirata' for both sides, withdrawnAt); its conversation is touched (and
 * closes: the offer is no longer open); the buyer gets an offer_withdrawn notification, e-mailed after
 * the commit. The request stays as it is. Only the offer's shop may withdraw it.
 */
export async function withdrawOfferFor(
  uid: string,
  input: WithdrawOfferInput,
  deps: NotifyDeps,
): Promise<WithdrawOfferOutput> {
  const { db } = deps;
  const ref = offerRef(db, input.offerId);
  const notification = await db.runTransaction(async (tx) => {
    const offer = readOffer(await tx.get(ref));
    if (offer.merchantId !== uid) throw new HttpsError("permission-denied", ERROR_MESSAGES.permissionDenied);
    assertTransition(assertOfferTransition(offer.status, OFFER_STATUS.withdrawn));
    const request = readLifeRequest(await tx.get(requestRef(db, offer.requestId)));
    const [conversations, shopName] = await Promise.all([
      readConversations(tx, db, [offer.id]),
      readPublicName(tx, db, uid),
    ]);
    const now = deps.now();
    const at = Timestamp.fromDate(now);
    tx.update(ref, { status: OFFER_STATUS.withdrawn, withdrawnAt: at, updatedAt: at });
    touchConversations(tx, conversations, at);
    return stageNotification(
      tx,
      db,
      {
        uid: request.customerId,
        kind: NOTIFICATION_KIND.offerWithdrawn,
        eventKey: offer.id,
        params: { merchantName: shopName, productName: request.productName },
        link: paths.request.getHref(request.id),
      },
      now,
    );
  });
  await deliverEmailQuietly(deps, notification);
  return { offerId: ref.id };
}

/**
 * A shop an admin refused loses its open offers: each pending one is withdrawn as the shop itself would
 * (withdrawOfferFor: 'Ritirata', its chat closes, the buyer gets offer_withdrawn), a page of the shop's
 * offers at a time. Rerunning it finds nothing pending and tells nobody twice.
 */
export async function withdrawOpenOffersOf(deps: NotifyDeps, uid: string): Promise<number> {
  let withdrawn = 0;
  await forEachPage(deps.db, COLLECTIONS.offers, OFFER_FIELDS.merchantId, uid, async (docs) => {
    for (const offer of docs) {
      if (offer.get(OFFER_FIELDS.status) !== OFFER_STATUS.pending) continue;
      await withdrawOfferFor(uid, { offerId: offer.id }, deps);
      withdrawn += 1;
    }
  });
  return withdrawn;
}

export const withdrawOffer = guardedCall(
  ACCOUNT_GUARD.shop,
  sized("withdrawOffer", callableOptions),
  (request): Promise<WithdrawOfferOutput> =>
    runDeal("withdrawOffer", request.auth?.uid, REQUEST_LIFE_MESSAGES.withdrawFailed, async (uid) =>
      withdrawOfferFor(uid, parseCallableInput(withdrawOfferInputSchema, request.data), {
        ...(await lifeDeps()),
        emailQueue: cloudEmailQueue(),
      }),
    ),
);
