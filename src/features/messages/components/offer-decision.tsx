import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { DEFAULT_REJECTION_REASON } from "@/domain/messages";
import { useAcceptOffer, useRejectOffer } from "../api/deals";

/**
 * The buyer's Accetta / Rifiuta on a pending offer (spec §4). Rifiuta opens a reason box suggesting
 * 'Prezzo troppo alto'; the reason is optional. The offer listener shows the outcome.
 */
export function OfferDecision({ offerId, price }: { offerId: string; price: number }) {
  const accept = useAcceptOffer();
  const reject = useRejectOffer();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState(DEFAULT_REJECTION_REASON);
  const busy = accept.isPending || reject.isPending;

  // The price on screen: if the shop has just changed it, the function refuses and the new one shows.
  const onAccept = () => accept.mutate({ offerId, price });

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
      <Button onClick={onAccept} loading={accept.isPending} disabled={busy}>
        Accetta
      </Button>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => {
          setReason(DEFAULT_REJECTION_REASON);
          setRejecting(true);
        }}
      >
        Rifiuta
      </Button>
    </div>
  );
}
