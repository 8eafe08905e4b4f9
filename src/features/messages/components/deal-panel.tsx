import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { CompletionForm } from "@/components/marketplace/completion-form";
import { OfferDecision } from "@/components/marketplace/offer-decision";
import { RequestPhotos } from "@/components/marketplace/request-photo";
import { WithdrawOfferButton } from "@/components/marketplace/withdraw-offer-button";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { completeTransaction, dealDecisionCalls } from "@/data/deals";
import { fetchPickupCode, verifyPickup } from "@/data/pickup-codes";
import { withdrawOffer } from "@/data/request-life";
import type { Conversation } from "@/domain/marketplace/conversation";
import { CHAT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import type { Offer } from "@/domain/marketplace/offer";
import { PICKUP_MESSAGES, pickupLabel } from "@/domain/marketplace/pickup";
import { NO_SHOW_MESSAGES } from "@/domain/marketplace/pickup-record";
import { isRating, RATING_LABELS } from "@/domain/marketplace/rating";
import type { Request } from "@/domain/marketplace/request";
import { displayProductName } from "@/domain/products/product-name";
import { forgetPickupCode } from "@/lib/pickup-code-storage";
import type { Deal } from "../api/conversations";
import { canCompleteWith, dealNote, dealStage, isVerified } from "../lib/deal-stage";
import { DealNoteLine, DealSection } from "./chat-frame";
import { HoldPanel } from "./hold-panel";
import { BuyerPickupTally, NoShow } from "./no-show";
import { OfferDetails } from "./offer-details";
import { RatingOutcome } from "./rating-outcome";

// Only the buyer of a deal waiting for its pickup shows the code: loaded then (and kept by the installed
// app's worker with the other assets, so it opens offline once seen).
const PickupCodePanel = lazy(() =>
  import("@/components/marketplace/pickup-code-panel").then((module) => ({
    default: module.PickupCodePanel,
  })),
);

// Only the shop of a deal waiting for its pickup checks the code ('Verifica il codice'): loaded then.
const VerifyPickupForm = lazy(() =>
  import("@/components/marketplace/verify-pickup-form").then((module) => ({
    default: module.VerifyPickupForm,
  })),
);

/** 'Acquisto verificato': the shop checked the buyer's pickup code at its till (both sides read it). */
function VerifiedPurchase({ hint }: { hint?: string }) {
  return (
    <div className="space-y-1 rounded-lg bg-green-50 p-3 text-green-900" role="status">
      <p className="font-semibold">✓ {PICKUP_MESSAGES.verified}</p>
      {hint ? <p className="text-sm">{hint}</p> : null}
    </div>
  );
}

function RatingSummary({ rating, feedback }: { rating: number | undefined; feedback: string | undefined }) {
  return (
    <div className="space-y-1 rounded-lg bg-green-50 p-3 text-green-900" role="status">
      <p className="font-semibold">{CHAT_MESSAGES.completedSummary}</p>
      {isRating(rating) ? (
        <p>
          <span aria-hidden="true" className="text-amber-600">
            {"★".repeat(rating)}
            <span className="text-slate-400">{"★".repeat(5 - rating)}</span>
          </span>{" "}
          <span>
            Valutazione: {rating}/5, {RATING_LABELS[rating]}
          </span>
        </p>
      ) : null}
      {feedback ? <p className="break-words text-sm">«{feedback}»</p> : null}
    </div>
  );
}

function BuyerActions({ offer, request, uid }: { offer: Offer; request: Request | null; uid: string }) {
  const stage = dealStage(offer, request);
  const verified = isVerified(offer, request);
  const awaitingPickup = request !== null && canCompleteWith(offer, request) && !verified;
  // A code used, or whose deal is over, leaves the device (kept for the till while it waits).
  useEffect(() => {
    if (stage !== "pending" && !awaitingPickup) forgetPickupCode(uid, offer.id);
  }, [stage, awaitingPickup, uid, offer.id]);
  if (stage === "pending")
    return (
      <>
        <DealNoteLine note={dealNote(offer, request, true)} />
        <OfferDecision calls={dealDecisionCalls} offer={offer} merchantName={offer.merchantName} />
      </>
    );
  if (request && canCompleteWith(offer, request)) {
    return (
      <>
        {verified ? (
          <VerifiedPurchase hint={PICKUP_MESSAGES.verifiedBuyerHint} />
        ) : (
          <>
            {offer.noShowAt ? (
              <p className="text-sm font-semibold text-amber-900">{NO_SHOW_MESSAGES.marked}</p>
            ) : (
              <HoldPanel offer={offer} side="customer" />
            )}
            {/* While its code loads, the same button, disabled: nothing moves under the buyer's finger. */}
            <Suspense
              fallback={
                <Button variant="secondary" disabled>
                  {PICKUP_MESSAGES.show}
                </Button>
              }
            >
              <PickupCodePanel
                uid={uid}
                offerId={offer.id}
                fetchCode={fetchPickupCode}
                label={pickupLabel(displayProductName(request.productName), offer.merchantName)}
                holdUntil={offer.holdUntil}
                keepUntil={offer.dealClosesAt}
              />
            </Suspense>
          </>
        )}
        <CompletionForm requestId={request.id} complete={completeTransaction} verified={verified} />
        <RatingOutcome requestId={request.id} />
      </>
    );
  }
  if (stage === "completed") {
    const rating = request?.customerRating ?? offer.customerRating;
    return (
      <>
        {verified ? (
          <VerifiedPurchase hint={rating === undefined ? PICKUP_MESSAGES.verifiedBuyerHint : undefined} />
        ) : null}
        {verified && rating === undefined ? (
          // The sale verified at the till completed the deal: the rating follows, optional.
          <CompletionForm requestId={offer.requestId} complete={completeTransaction} verified />
        ) : (
          <RatingSummary rating={rating} feedback={request?.customerFeedback ?? offer.customerFeedback} />
        )}
        <RatingOutcome requestId={offer.requestId} />
      </>
    );
  }
  return null;
}

function MerchantOutcome({
  offer,
  request,
  conversation,
}: {
  offer: Offer;
  request: Request | null;
  conversation: Conversation;
}) {
  const stage = dealStage(offer, request);
  if (stage === "pending")
    return (
      <div className="space-y-2">
        <DealNoteLine note={dealNote(offer, request, false)} />
        <WithdrawOfferButton offerId={offer.id} withdraw={withdrawOffer} />
      </div>
    );
  const verified = isVerified(offer, request);
  if (stage === "accepted") {
    if (verified) return <VerifiedPurchase hint={PICKUP_MESSAGES.verifiedShopHint} />;
    return (
      <div className="space-y-2">
        <DealNoteLine note={dealNote(offer, request, false)} />
        <BuyerPickupTally conversation={conversation} />
        {offer.noShowAt ? null : <HoldPanel offer={offer} side="merchant" />}
        <NoShow offer={offer} />
        {offer.noShowAt ? null : (
          // While its code loads, the same button, disabled: nothing moves under the shop's finger.
          <Suspense fallback={<Button disabled>{PICKUP_MESSAGES.verify}</Button>}>
            <VerifyPickupForm offerId={offer.id} verify={verifyPickup} />
          </Suspense>
        )}
      </div>
    );
  }
  if (stage === "completed") {
    const rated = (offer.customerRating ?? request?.customerRating) !== undefined;
    return (
      <>
        {verified ? <VerifiedPurchase hint={rated ? undefined : PICKUP_MESSAGES.verifiedShopHint} /> : null}
        <RatingSummary
          rating={offer.customerRating ?? request?.customerRating}
          feedback={offer.customerFeedback ?? request?.customerFeedback}
        />
      </>
    );
  }
  return null;
}

/**
 * The offer this conversation is about. The buyer decides (Accetta / Rifiuta), then completes with a
 * rating; the merchant sees each outcome live in the same place.
 */
export function DealPanel({
  conversation,
  uid,
  deal,
}: {
  conversation: Conversation;
  uid: string;
  deal: Deal;
}) {
  const { offer, request } = deal;
  const isBuyer = conversation.participants.customerId === uid;

  let body: ReactNode;
  if (offer.loading || request.loading) body = <Spinner size="sm" label={CHAT_MESSAGES.offerLoading} />;
  else if (!offer.data) body = <p className="text-sm text-slate-700">{CHAT_MESSAGES.offerUnavailable}</p>;
  else {
    const current = request.data ?? null;
    body = (
      <div className="space-y-3">
        <OfferDetails offer={offer.data} forShop={!isBuyer} />
        {current ? (
          <RequestPhotos
            requestId={current.id}
            productName={displayProductName(current.productName)}
            photoCount={current.photoCount}
            thumbnail={current.thumbnail}
          />
        ) : null}
        {isBuyer ? (
          <BuyerActions offer={offer.data} request={current} uid={uid} />
        ) : (
          <MerchantOutcome offer={offer.data} request={current} conversation={conversation} />
        )}
      </div>
    );
  }

  return (
    <DealSection conversationId={conversation.id} forBuyer={isBuyer}>
      {body}
    </DealSection>
  );
}
