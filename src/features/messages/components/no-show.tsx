import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { markNoShow } from "@/data/pickup-codes";
import type { Conversation } from "@/domain/conversation";
import { callableErrorMessage } from "@/domain/errors";
import type { Offer } from "@/domain/offer";
import { NO_SHOW_MESSAGES, NO_SHOW_REFUSALS, pickupTallyText } from "@/domain/pickup-record";
import { DEAL_CHANGE_META, INLINE_ERROR_META } from "@/lib/query-client";

/** For the shop: the buyer's collected holds as a plain count ('3 ritiri su 3'), from its conversation. */
export function BuyerPickupTally({ conversation }: { conversation: Conversation }) {
  const text = pickupTallyText(conversation.buyerPickups);
  if (!text) return null;
  return (
    <p className="text-sm text-slate-700">
      <span className="font-medium">{NO_SHOW_MESSAGES.tallyLabel}:</span> {text}
    </p>
  );
}

const holdEnded = (offer: Offer, now: number) =>
  Boolean(offer.holdReleasedAt) || (offer.holdUntil !== undefined && offer.holdUntil.getTime() <= now);

/**
 * 'Non ritirato': once the hold ended without a verified pickup the shop may say so (markNoShow); the
 * item is free again and the buyer is told. Both sides then read it on the deal.
 */
export function NoShow({ offer }: { offer: Offer }) {
  const mark = useMutation({
    meta: { ...INLINE_ERROR_META, ...DEAL_CHANGE_META },
    mutationFn: () =>
      markNoShow({ offerId: offer.id }).catch((cause: unknown) => {
        throw new Error(callableErrorMessage(cause, NO_SHOW_REFUSALS.failed), { cause });
      }),
  });
  if (offer.noShowAt) {
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900" role="status">
        {NO_SHOW_MESSAGES.marked}
      </p>
    );
  }
  if (!holdEnded(offer, Date.now())) return null;
  return (
    <div className="space-y-1">
      <Button size="sm" variant="secondary" loading={mark.isPending} onClick={() => mark.mutate()}>
        {NO_SHOW_MESSAGES.mark}
      </Button>
      {mark.isError ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {mark.error.message}
        </p>
      ) : null}
    </div>
  );
}
