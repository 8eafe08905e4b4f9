import {
  type DocumentData,
  type DocumentSnapshot,
  FieldValue,
  type Firestore,
  Timestamp,
  type Transaction,
} from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { z } from "zod";
import { type SubmitOfferOutput, submitOfferInputSchema } from "@/domain/boundary/callables";
import { COLLECTIONS, OFFER_FIELDS, REQUEST_FIELDS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import {
  DISPLAY_NAME_MAX_LENGTH,
  MAX_OPEN_OFFERS_PER_REQUEST,
  PRODUCT_NAME_MAX_LENGTH,
} from "@/domain/core/limits";
import { buildConversationDocument } from "@/domain/marketplace/conversation-document";
import { CUSTOMER_FALLBACK_NAME, OFFER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { offerIdFor } from "@/domain/marketplace/offer";
import { buildOfferDocument } from "@/domain/marketplace/offer-document";
import { readPickupTally } from "@/domain/marketplace/pickup-record";
import {
  canReceiveOffers,
  mayOfferAgain,
  OFFER_STATUS,
  offerStatusSchema,
} from "@/domain/marketplace/state-machine";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { blockId } from "@/domain/people/moderation";
import { isVerifiedShop } from "@/domain/people/shop-status";
import { SHOP_VERIFICATION_MESSAGES } from "@/domain/people/shop-verification-messages";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { publicName, publicProfileSchema } from "@/domain/people/user";
import { type RollupStaging, recordAfterCommit, stageOfferSubmitted } from "../analytics/rollups";
import { assertPlanAccess } from "../billing/plan-gate";
import {
  conversationRef,
  type DealDeps,
  offerRef,
  readRequest,
  requestRef,
  runDeal,
  type StoredRequest,
  timestamp,
} from "../deals/deal-store";
import { pickupRecordRef } from "../deals/pickup-record";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { recordOfferPrice } from "../market/price-stats";
import { recordResponseTime } from "../market/response-times";
import { cloudEmailQueue } from "../notifications/email-queue";
import { offerReceivedEvent, productNameOf } from "../notifications/events";
import { deliverAfterCommit, type NotifyingDeps, stageNotification } from "../notifications/notify";
import { markOfferUnread } from "../notifications/unread-counts";
import { parseUserDoc, profileRef, userRef } from "../profiles/user-record";
import { assertWithinReach } from "./offer-reach";

type ParsedUser = Extract<ReturnType<typeof parseUserDoc>, { ok: true }>["user"];

/** The parsed input: the offer's terms, trimmed, aiGenerated defaulted. */
export type SubmitOfferRequest = z.output<typeof submitOfferInputSchema>;

/**
 * Where submitOffer reads and writes, and what time it is (the seed passes its scenario's clock); with
 * `mail`, the buyer's notification e-mail goes right after the commit (the seed sends none).
 */
export type SubmitOfferDeps = DealDeps & NotifyingDeps;

/** What the offer copies from its request, so a shop that lost it still sees what it offered on. */
const productNameSchema = z.object({ productName: z.string().trim().min(1).max(PRODUCT_NAME_MAX_LENGTH) });

/** A participant's name, never longer than a conversation holds. */
function shownName(name: string): string {
  return name.slice(0, DISPLAY_NAME_MAX_LENGTH);
}

/** The buyer's public name from their user document, else their public profile, else 'Acquirente'. */
function buyerName(user: DocumentData | undefined, profile: DocumentData | undefined): string {
  const read = parseUserDoc(user);
  if (read.ok) return publicName(read.user);
  const parsed = publicProfileSchema.safeParse(profile);
  return parsed.success ? publicName(parsed.data) : CUSTOMER_FALLBACK_NAME;
}

/**
 * The request's expiresAt has passed (request-life.ts). Documents written before the field are left to
 * the expiry sweep, which reads them as createdAt + 7 days.
 */
function pastExpiry(data: DocumentData | undefined, now: Date): boolean {
  const expiresAt = data?.expiresAt;
  return expiresAt instanceof Timestamp && expiresAt.toDate() <= now;
}

/** The request's expiresAt in ms (0 without one): what tells one renewal's offers from another's. */
function expiryMillis(data: DocumentData | undefined): number {
  const expiresAt = data?.expiresAt;
  return expiresAt instanceof Timestamp ? expiresAt.toMillis() : 0;
}

/**
 * Whether `uid` may offer on the request, read in the caller's transaction (spec §4 Making an offer):
 * a shop verifyShop has checked, with a plan that gives access now (billing/plan-gate.ts); the request
 * exists, is not their own, its buyer has not blocked them, it is active and not past its expiry, and
 * it is within the shop's reach (offer-reach.ts). Throws the refusal's HttpsError. submitOffer runs it before its own
 * checks of the offer; priceGuidance before telling a shop where its price sits.
 */
export async function readOfferable(
  tx: Transaction,
  db: Firestore,
  uid: string,
  requestId: string,
  now: Date,
): Promise<{ merchant: ParsedUser; requestSnap: DocumentSnapshot; request: StoredRequest }> {
  const merchant = parseUserDoc((await tx.get(userRef(db, uid))).data());
  if (!merchant.ok || !isVerifiedShop(merchant.user)) {
    throw new HttpsError("permission-denied", SHOP_VERIFICATION_MESSAGES.notVerified);
  }
  await assertPlanAccess(tx, db, uid, now);
  const requestSnap = await tx.get(requestRef(db, requestId));
  const request = readRequest(requestSnap);
  if (request.customerId === uid) throw new HttpsError("permission-denied", OFFER_MESSAGES.ownRequest);
  // A buyer who blocked this shop gets no offers from it (blocks/{buyer}_{shop}, setBlock).
  if ((await tx.get(db.collection(COLLECTIONS.blocks).doc(blockId(request.customerId, uid)))).exists) {
    throw new HttpsError("permission-denied", MODERATION_MESSAGES.blockedByRecipient);
  }
  // Past its 7 days a request takes no offers, even before the hourly sweep marks it expired.
  if (!canReceiveOffers(request.status) || pastExpiry(requestSnap.data(), now)) {
    throw new HttpsError("failed-precondition", OFFER_MESSAGES.requestClosed);
  }
  assertWithinReach(merchant.user, requestSnap.data() ?? {});
  return { merchant: merchant.user, requestSnap, request };
}

/**
 * submitOffer({requestId, price, description, deliveryOptions, …}) → {offerId, conversationId}, one
 * transaction (spec §4 Making an offer): the caller is a shop verifyShop has checked, with a plan that
 * gives access now (the free month or a paid plan: billing/plan-gate.ts); the
 * request is active and not their own; they have no offer on it yet (offers/{requestId}_{uid}: a
 * pending one is edited, not sent again; one that expired with the request is replaced once the buyer
 * renewed it, and the conversation goes on); it has fewer than MAX_OPEN_OFFERS_PER_REQUEST pending offers.
 * The offer and its conversation are written together (the offer unread in the buyer's unreadCounts),
 * with the names both sides see taken from the server's documents (the shop's and the buyer's public
 * names) and the product copied from the request: what the caller sends beyond the offer's terms is ignored. The pending offers are counted inside the
 * transaction, so concurrent submits cannot pass the limit together.
 */
export async function submitOfferFor(
  uid: string,
  input: SubmitOfferRequest,
  deps: SubmitOfferDeps,
): Promise<SubmitOfferOutput> {
  const { db } = deps;
  const requestDoc = requestRef(db, input.requestId);
  const offerId = offerIdFor(input.requestId, uid);
  const targetRef = offerRef(db, offerId);
  // The market dashboard's counts, recorded after the commit (analytics/rollups.ts).
  let rollup: RollupStaging | undefined;
  let price: (() => Promise<void>) | undefined;
  let response: (() => Promise<void>) | undefined;
  const result = await db.runTransaction(async (tx) => {
    rollup = undefined;
    price = undefined;
    response = undefined;
    const { merchant, requestSnap, request } = await readOfferable(tx, db, uid, input.requestId, deps.now());
    // One offer per shop and request; one that expired with the request is replaced once it is renewed.
    const earlier = await tx.get(targetRef);
    const earlierStatus = offerStatusSchema.safeParse(earlier.get(OFFER_FIELDS.status));
    const again =
      earlier.exists && earlierStatus.success && mayOfferAgain(earlierStatus.data, request.status);
    if (earlier.exists && !again) throw new HttpsError("already-exists", OFFER_MESSAGES.alreadySent);
    const pending = await tx.get(
      db
        .collection(COLLECTIONS.offers)
        .where(OFFER_FIELDS.requestId, "==", request.id)
        .where(OFFER_FIELDS.status, "==", OFFER_STATUS.pending)
        .count(),
    );
    if (pending.data().count >= MAX_OPEN_OFFERS_PER_REQUEST) {
      throw new HttpsError("resource-exhausted", OFFER_MESSAGES.tooManyOffers);
    }
    const [buyerUser, buyerProfile, buyerPickups] = await tx.getAll(
      userRef(db, request.customerId),
      profileRef(db, request.customerId),
      pickupRecordRef(db, request.customerId),
    );

    const merchantName = shownName(publicName(merchant));
    const product = productNameSchema.safeParse(requestSnap.data());
    const now = timestamp(deps);
    const offer = buildOfferDocument(
      uid,
      {
        ...input,
        customerId: request.customerId,
        merchantName,
        ...(product.success ? { productName: product.data.productName } : {}),
      },
      () => now,
    );
    const conversation = buildConversationDocument(
      {
        participants: {
          customerId: request.customerId,
          customerName: shownName(buyerName(buyerUser?.data(), buyerProfile?.data())),
          merchantId: uid,
          merchantName,
        },
        requestId: request.id,
        offerId,
        ...(product.success ? { productName: product.data.productName } : {}),
      },
      () => now,
    );
    if (again) tx.set(targetRef, offer);
    else {
      tx.create(targetRef, offer);
      // The buyer's card counts its offers from the request (a shop offering again is still one shop).
      tx.update(requestDoc, { [REQUEST_FIELDS.offerCount]: FieldValue.increment(1) });
      // The market dashboard's counts, with the offer (an offer made again is the same shop's offer).
      const first = !(Number(requestSnap.get(REQUEST_FIELDS.offerCount)) > 0);
      const requestData = requestSnap.data() ?? {};
      rollup = (writer) =>
        stageOfferSubmitted(writer, db, requestData, {
          merchantId: uid,
          at: now.toDate(),
          first,
          origin: input.origin,
        });
    }
    // The price aggregates, recorded after the commit like the rollups (market/price-stats.ts).
    const priceRequest = requestSnap.data() ?? {};
    price = () =>
      recordOfferPrice(db, priceRequest, { offerId, merchantId: uid, price: input.price, at: now.toDate() });
    // The shop's response time, from the request reaching it to this offer (market/response-times.ts).
    const shop = { uid, weeklyHours: merchant.weeklyHours, location: merchant.location };
    response = () => recordResponseTime(db, shop, priceRequest, now.toDate());
    // One conversation per offer: a leftover one (from before offers were callables) is reopened.
    // With the buyer's collected / missed holds as they stand: a plain count for this shop's deal panel.
    tx.set(conversationRef(db, offerId), {
      ...conversation,
      buyerPickups: readPickupTally(buyerPickups?.data()),
    });
    // The new offer is unread by the buyer (their badges) until they open the chat.
    markOfferUnread(tx, db, request.customerId, offerId);
    // The buyer's notification, with the offer: a retried submit finds the offer and writes neither.
    const notification = stageNotification(
      tx,
      db,
      offerReceivedEvent({
        customerId: request.customerId,
        offerId,
        merchantName,
        productName: product.success ? product.data.productName : productNameOf(undefined),
        price: input.price,
        // An offer made again is a new event: its key is the renewed request's expiry.
        ...(again ? { round: expiryMillis(requestSnap.data()) } : {}),
      }),
      deps.now(),
    );
    return { output: { offerId, conversationId: offerId }, notification };
  });
  await Promise.all([
    deliverAfterCommit(deps, [result.notification]),
    recordAfterCommit(db, rollup),
    price?.(),
    response?.(),
  ]);
  return result.output;
}

/** One submitOffer call by a signed-in caller: the input checked as sent, then the transaction. */
export function submitOfferCall(
  uid: string,
  data: unknown,
  deps: SubmitOfferDeps,
): Promise<SubmitOfferOutput> {
  return submitOfferFor(uid, parseCallableInput(submitOfferInputSchema, data), deps);
}

export const submitOffer = guardedCall(
  ACCOUNT_GUARD.shop,
  sized("submitOffer", callableOptions),
  (request): Promise<SubmitOfferOutput> =>
    runDeal("submitOffer", request.auth?.uid, ERROR_MESSAGES.sendOffer, async (uid) => {
      const db = adminDb();
      return submitOfferCall(uid, request.data, {
        db,
        now: await clockFor(db),
        emailQueue: cloudEmailQueue(),
      });
    }),
);
