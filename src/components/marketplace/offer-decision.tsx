import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { DEAL_MESSAGES, UNNAMED_SHOP } from "@/domain/marketplace/deal-messages";
import { DEFAULT_REJECTION_REASON } from "@/domain/marketplace/marketplace-messages";
import type { AcceptedTerms } from "@/domain/marketplace/offer";
import { type DealCalls, useAcceptOffer, useRejectOffer } from "./deal-actions";

type OfferDecisionProps = {
  calls: DealCalls;
  offerId: string;
  /** The offer's terms as shown (acceptedTermsOf): Accetta sends them, and the function refuses changed ones. */
  terms: AcceptedTerms;
  merchantName?: string | undefined;
  /** Names the offer for screen readers when several are listed (e.g. 'di Elettronica Navigli'). */
  context?: string;
  size?: "sm" | "md";
};

/**
 * The buyer's Accetta / Rifiuta on a pending offer (spec §4). Accetta cannot be undone and declines the
 * other offers, so it asks first, saying so. Rifiuta opens a reason box suggesting 'Prezzo troppo alto';
 * the reason is optional. The offer listener shows the outcome.
 */
export function OfferDecision({
  calls,
  offerId,
  terms,
  merchantName,
  context,
  size = "md",
}: OfferDecisionProps) {
  const accept = useAcceptOffer(calls);
  const reject = useRejectOffer(calls);
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState(DEFAULT_REJECTION_REASON);
  const busy = accept.isPending || reject.isPending;
  const shop = merchantName?.trim() || UNNAMED_SHOP;

  // The terms on screen: if the shop has just changed them, the function refuses with the domain's
  // message (the error toast) and the offer's listener shows the fresh terms.
  const onAccept = () => accept.mutate({ offerId, terms }, { onSettled: () => setConfirming(false) });

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
        title={DEAL_MESSAGES.acceptTitle(shop, terms.price)}
        description={DEAL_MESSAGES.acceptDescription}
      >
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={accept.isPending}>
            {DEAL_MESSAGES.acceptCancel}
          </Button>
          <Button onClick={onAccept} loading={accept.isPending}>
            {DEAL_MESSAGES.acceptConfirm}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
