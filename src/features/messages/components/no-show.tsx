import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { markNoShow, readPickupRecord } from "@/data/pickup-codes";
import { callableErrorMessage } from "@/domain/boundary/errors";
import type { Conversation } from "@/domain/marketplace/conversation";
import type { Offer } from "@/domain/marketplace/offer";
import { NO_SHOW_MESSAGES, NO_SHOW_REFUSALS, pickupTallyText } from "@/domain/marketplace/pickup-record";
import { DEAL_CHANGE_META, INLINE_ERROR_META } from "@/lib/query-client";

/**
 * For the shop: the buyer's collected holds as a plain count ('3 ritiri su 3'), read when shown
 * (readPickupRecord), so a pickup verified or missed since the offer counts; the copy on the
 * conversation (submitOffer's) shows until the answer comes, or if it cannot come.
 */
export function BuyerPickupTally({ conversation }: { conversation: Conversation }) {
  const current = useQuery({
    queryKey: ["pickupRecord", conversation.offerId],
    queryFn: () => readPickupRecord({ offerId: conversation.offerId }),
    staleTime: 60_000,
    retry: false,
    // The copy on the conversation stands in if the read fails: no error toast for it.
    meta: { quiet: true },
  });
  const text = pickupTallyText(current.data ?? conversation.buyerPickups);
  if (!text) return null;
  return (
    <p className="text-sm text-slate-700">
      <span className="font-medium">{NO_SHOW_MESSAGES.tallyLabel}:</span> {text}
    </p>
  );
}

/**
 * 'Non ritirato' may be marked (markNoShow's own rule): the hold's end has passed without a verified
 * pickup, and the shop did not let the hold go itself.
 */
export const holdEndedUnverified = (offer: Offer, now: number) =>
  offer.verifiedPurchaseAt === undefined &&
  offer.holdReleasedBy !== "merchant" &&
  offer.holdUntil !== undefined &&
  offer.holdUntil.getTime() <= now;

/**
 * 'Non ritirato': once the hold ended without a verified pickup the shop may say so (markNoShow), after
 * a confirmation that says what follows; the item is free again and the buyer is told. Both sides then
 * read it on the deal. A refusal stays in the dialog, in Italian.
 */
export function NoShow({ offer }: { offer: Offer }) {
  const [confirming, setConfirming] = useState(false);
  const mark = useMutation({
    meta: { ...INLINE_ERROR_META, ...DEAL_CHANGE_META },
    mutationFn: () =>
      markNoShow({ offerId: offer.id }).catch((cause: unknown) => {
        throw new Error(callableErrorMessage(cause, NO_SHOW_REFUSALS.failed), { cause });
      }),
    onSuccess: () => setConfirming(false),
  });
  if (offer.noShowAt) {
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900" role="status">
        {NO_SHOW_MESSAGES.marked}
      </p>
    );
  }
  if (!holdEndedUnverified(offer, Date.now())) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          mark.reset();
          setConfirming(true);
        }}
      >
        {NO_SHOW_MESSAGES.mark}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(next) => (next || mark.isPending ? undefined : setConfirming(false))}
        title={NO_SHOW_MESSAGES.confirmTitle}
        description={NO_SHOW_MESSAGES.confirmIntro}
      >
        <div className="mt-4 space-y-3">
          {mark.isError ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              {mark.error.message}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={mark.isPending}>
              {NO_SHOW_MESSAGES.keep}
            </Button>
            <Button variant="destructive" loading={mark.isPending} onClick={() => mark.mutate()}>
              {NO_SHOW_MESSAGES.confirm}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
