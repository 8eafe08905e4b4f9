import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { PLAN_COPY } from "@/domain/billing/plan-messages";

type Props = {
  open: boolean;
  description: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * The local stack's stand-in for Stripe's checkout page, clearly labelled: nothing is charged, and the
 * confirmation goes through the same signed webhook as a real payment.
 */
export function SimulatedCheckoutDialog({ open, description, busy, onConfirm, onClose }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Pagamento simulato"
      description={PLAN_COPY.simulatedBanner}
    >
      <p className="text-slate-800">{description}</p>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Annulla
        </Button>
        <Button onClick={onConfirm} disabled={busy}>
          {PLAN_COPY.simulatedConfirm}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
