import { type FormEvent, useState } from "react";
import { OpeningHours } from "@/components/marketplace/opening-hours";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SHORT_TEXT_MAX_LENGTH } from "@/domain/core/limits";
import type { Offer } from "@/domain/marketplace/offer";
import {
  HOLD_MESSAGES,
  HOLD_REFUSALS,
  type HoldReleasedBy,
  holdMessage,
  releaseHoldInputSchema,
} from "@/domain/marketplace/pickup-hold";
import { OPENING_HOURS_COPY } from "@/domain/people/opening-hours-messages";
import { useReleaseHold } from "../api/release-hold";
import { useOtherProfile } from "../api/trust";

/** Where to collect it: the shop's address and hours from its public page, when it gave them. */
function PickupPlace({ merchantId }: { merchantId: string }) {
  const profile = useOtherProfile(merchantId);
  const shop = profile.data?.shop;
  if (!shop?.address && !shop?.weeklyHours && !shop?.openingHours) return null;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      {shop.address ? (
        <p>
          <span className="font-medium">{HOLD_MESSAGES.pickupAt}:</span> {shop.address}
        </p>
      ) : null}
      {shop.weeklyHours || shop.openingHours ? (
        <details>
          <summary className="cursor-pointer font-medium">{HOLD_MESSAGES.hours}</summary>
          <OpeningHours
            weeklyHours={shop.weeklyHours}
            notes={shop.openingHours}
            emptyText={OPENING_HOURS_COPY.title}
          />
        </details>
      ) : null}
    </div>
  );
}

/** 'Annulla la prenotazione': a reason the other side reads, then releaseHold. */
export function ReleaseHoldButton({ offerId, side }: { offerId: string; side: HoldReleasedBy }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [formatError, setFormatError] = useState<string | null>(null);
  const release = useReleaseHold(offerId);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = releaseHoldInputSchema.safeParse({ offerId, reason });
    if (!parsed.success) {
      setFormatError(parsed.error.issues[0]?.message ?? HOLD_REFUSALS.reasonRequired);
      return;
    }
    setFormatError(null);
    release.mutate(parsed.data.reason, { onSuccess: () => setOpen(false) });
  };
  const error = formatError ?? (release.isError ? release.error.message : null);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          setReason("");
          setFormatError(null);
          release.reset();
          setOpen(true);
        }}
      >
        {HOLD_MESSAGES.release}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => (next || release.isPending ? undefined : setOpen(false))}
        title={HOLD_MESSAGES.releaseTitle}
        description={HOLD_MESSAGES.releaseIntro[side]}
      >
        <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
          <Field label={HOLD_MESSAGES.reasonLabel} required error={error}>
            <Input
              value={reason}
              maxLength={SHORT_TEXT_MAX_LENGTH}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={release.isPending}>
              {HOLD_MESSAGES.keep}
            </Button>
            <Button type="submit" variant="destructive" loading={release.isPending}>
              {HOLD_MESSAGES.confirmRelease}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/**
 * 'Te lo teniamo da parte fino a …' while the deal waits for the pickup: for the buyer with where to
 * collect it; either side may let it go ('Annulla la prenotazione'). Once released, both read who did
 * and why.
 */
export function HoldPanel({ offer, side }: { offer: Offer; side: HoldReleasedBy }) {
  if (offer.holdReleasedAt && offer.holdReleasedBy) {
    return (
      <div className="space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">
        <p className="font-semibold">{HOLD_MESSAGES.released[offer.holdReleasedBy]}</p>
        {offer.holdReleaseReason ? (
          <p className="break-words">
            {HOLD_MESSAGES.reasonPrefix} {offer.holdReleaseReason}
          </p>
        ) : null}
      </div>
    );
  }
  // A hold already over is no promise any more.
  if (!offer.holdUntil || offer.holdUntil.getTime() <= Date.now()) return null;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">{holdMessage(offer.holdUntil)}</p>
      {side === "customer" ? <PickupPlace merchantId={offer.merchantId} /> : null}
      <ReleaseHoldButton offerId={offer.id} side={side} />
    </div>
  );
}
