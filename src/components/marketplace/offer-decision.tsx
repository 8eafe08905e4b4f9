import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { acceptedTermsOf } from "@/domain/marketplace/accepted-terms";
import type { HoldTerms } from "@/domain/marketplace/deal-end";
import { DEAL_MESSAGES, UNNAMED_SHOP } from "@/domain/marketplace/deal-messages";
import { DEFAULT_REJECTION_REASON } from "@/domain/marketplace/marketplace-messages";
import type { Offer } from "@/domain/marketplace/offer";
import { HOLD_MESSAGES, holdChoiceText } from "@/domain/marketplace/pickup-hold";
import { WEEK_DAYS } from "@/domain/people/opening-hours";
import { formatDayHours, WEEK_DAY_LABELS } from "@/domain/people/opening-hours-messages";
import { type DealCalls, useAcceptOffer, useRejectOffer } from "./deal-actions";

/** What Accetta binds: the terms on screen and, in the dialog, the hold with the shop's address and hours. */
export type DecidedOffer = Pick<
  Offer,
  "id" | "merchantId" | "price" | "description" | "deliveryOptions" | "holdChoice"
>;

type OfferDecisionProps = {
  calls: DealCalls;
  /** The offer as shown: Accetta sends its terms and the hold's fingerprint; the function refuses changed ones. */
  offer: DecidedOffer;
  merchantName?: string | undefined;
  /** Names the offer for screen readers when several are listed (e.g. 'di Elettronica Navigli'). */
  context?: string;
  size?: "sm" | "md";
};

type ShopSide = Pick<HoldTerms, "address" | "weeklyHours">;

/**
 * The hold as the confirmation shows it: how long, where, the hours. Read from the shop's public profile
 * when the dialog opens; Accetta waits for it, since what is shown here is what the deal binds.
 */
function useShopSide(calls: DealCalls, merchantId: string, open: boolean) {
  const [shop, setShop] = useState<ShopSide | null | "failed">(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setShop(null);
    calls.shopHold(merchantId).then(
      (side) => live && setShop(side),
      () => live && setShop("failed"),
    );
    return () => {
      live = false;
    };
  }, [calls, merchantId, open]);
  return shop;
}

function HoldSummary({ offer, shop }: { offer: DecidedOffer; shop: ShopSide | null | "failed" }) {
  if (shop === null) return <p className="text-sm text-slate-600">{DEAL_MESSAGES.holdLoading}</p>;
  if (shop === "failed")
    return (
      <p role="alert" className="text-sm text-red-700">
        {DEAL_MESSAGES.holdUnavailable}
      </p>
    );
  const days = WEEK_DAYS.filter((day) => (shop.weeklyHours?.[day]?.length ?? 0) > 0);
  return (
    <dl className="mt-3 space-y-1 text-sm" aria-label={HOLD_MESSAGES.offeredLabel}>
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-slate-600">{HOLD_MESSAGES.offeredLabel}</dt>
        <dd className="font-medium text-slate-900">{holdChoiceText(offer.holdChoice)}</dd>
      </div>
      {shop.address ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-600">{HOLD_MESSAGES.pickupAt}</dt>
          <dd className="font-medium text-slate-900">{shop.address}</dd>
        </div>
      ) : null}
      {days.length > 0 ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-600">{HOLD_MESSAGES.hours}</dt>
          <dd className="text-slate-900">
            {days
              .map((day) => `${WEEK_DAY_LABELS[day]} ${formatDayHours(shop.weeklyHours?.[day])}`)
              .join(" · ")}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * The buyer's Accetta / Rifiuta on a pending offer (spec §4). Accetta cannot be undone and declines the
 * other offers, so it asks first, saying so and showing the hold (how long, where, the hours) that the
 * deal then binds (acceptOffer refuses it if the shop changed any of it since). Rifiuta opens a reason
 * box suggesting 'Prezzo troppo alto'; the reason is optional. The offer listener shows the outcome.
 */
export function OfferDecision({ calls, offer, merchantName, context, size = "md" }: OfferDecisionProps) {
  const accept = useAcceptOffer(calls);
  const reject = useRejectOffer(calls);
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState(DEFAULT_REJECTION_REASON);
  const busy = accept.isPending || reject.isPending;
  const shop = merchantName?.trim() || UNNAMED_SHOP;
  const offerId = offer.id;
  const shopSide = useShopSide(calls, offer.merchantId, confirming);
  const holdShown = shopSide !== null && shopSide !== "failed";

  // The terms on screen: if the shop has just changed them, the function refuses with the domain's
  // message (the error toast) and the offer's listener shows the fresh terms.
  const onAccept = () => {
    if (!holdShown) return;
    accept.mutate(
      { offerId, terms: acceptedTermsOf(offer, shopSide) },
      { onSettled: () => setConfirming(false) },
    );
  };

  const onReject = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    reject.mutate(trimmed ? { offerId, reason: trimmed } : { offerId }, {
      onSuccess: () => setRejecting(false),
    });
  };

  if (rejecting) {
    return (
      <form onSubmit={onReject} className="space-y-3" aria-label="Rifiuta l'offerta">
        <Field label="Motivo del rifiuto (facoltativo)">
          <Textarea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={2}
            maxLength={200}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="destructive" loading={reject.isPending}>
            Conferma rifiuto
          </Button>
          <Button variant="secondary" onClick={() => setRejecting(false)} disabled={reject.isPending}>
            Annulla
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button size={size} onClick={() => setConfirming(true)} disabled={busy}>
        Accetta{context ? <span className="sr-only"> l'offerta {context}</span> : null}
      </Button>
      <Button
        size={size}
        variant="secondary"
        disabled={busy}
        onClick={() => {
          setReason(DEFAULT_REJECTION_REASON);
          setRejecting(true);
        }}
      >
        Rifiuta{context ? <span className="sr-only"> l'offerta {context}</span> : null}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => (open || accept.isPending ? undefined : setConfirming(false))}
        title={DEAL_MESSAGES.acceptTitle(shop, offer.price)}
        description={DEAL_MESSAGES.acceptDescription}
      >
        <HoldSummary offer={offer} shop={shopSide} />
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={accept.isPending}>
            {DEAL_MESSAGES.acceptCancel}
          </Button>
          <Button onClick={onAccept} loading={accept.isPending} disabled={!holdShown}>
            {DEAL_MESSAGES.acceptConfirm}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
