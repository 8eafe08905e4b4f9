import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { formatEuro } from "@/domain/billing/pricing";
import { PRICE_OUTSIDE_BUDGET_CONFIRM } from "@/domain/marketplace/marketplace-messages";
import type { Budget } from "@/domain/marketplace/request";
import { formatBudget } from "@/lib/format";

type Props = {
  /** The price awaiting confirmation; null keeps the dialog closed. */
  price: number | null;
  budget: Budget;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Spec §5: a price outside the buyer's budget asks whether to send anyway. */
export function BudgetConfirmDialog({ price, budget, onCancel, onConfirm }: Props) {
  return (
    <Dialog
      open={price !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Prezzo fuori budget"
      description={PRICE_OUTSIDE_BUDGET_CONFIRM}
    >
      <p className="text-sm text-slate-700">
        La tua offerta: <strong>{price !== null ? formatEuro(price) : ""}</strong>. Budget del cliente:{" "}
        {formatBudget(budget)}.
      </p>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Modifica il prezzo
        </Button>
        <Button onClick={onConfirm}>Invia comunque</Button>
      </DialogFooter>
    </Dialog>
  );
}
