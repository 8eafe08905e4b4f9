import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { REQUEST_LIFE_MESSAGES as M } from "@/domain/marketplace/request-life-messages";
import { failWith } from "@/lib/app-error";
import { DEAL_CHANGE_META } from "@/lib/query-client";

type WithdrawOfferButtonProps = {
  offerId: string;
  /** The withdrawOffer callable, from the feature (src/data is below this layer). */
  withdraw: (input: { offerId: string }) => Promise<unknown>;
  /** Names the offer for screen readers when several are listed (e.g. 'per Trapano'). */
  context?: string;
};

/**
 * The shop's 'Ritira l'offerta' on a pending offer (/offers, the chat): asks first, then the
 * withdrawOffer callable moves it to 'Ritirata' and tells the buyer; the live lists show the outcome.
 */
export function WithdrawOfferButton({ offerId, withdraw, context }: WithdrawOfferButtonProps) {
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const run = useMutation({
    meta: DEAL_CHANGE_META,
    mutationFn: () => withdraw({ offerId }).catch(failWith(M.withdrawFailed, { serverMessage: true })),
    onSuccess: () => toast({ title: M.withdrawn }),
    onSettled: () => setConfirming(false),
  });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
        {M.withdrawAction}
        {context ? <span className="sr-only"> {context}</span> : null}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => (open || run.isPending ? undefined : setConfirming(false))}
        title={M.withdrawTitle}
        description={M.withdrawBody}
      >
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={run.isPending}>
            {M.keep}
          </Button>
          <Button variant="destructive" onClick={() => run.mutate()} loading={run.isPending}>
            {M.withdrawConfirm}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
