import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { BUYER_MESSAGES } from "@/domain/messages";

type CancelRequestDialogProps = {
  productName: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

export function CancelRequestDialog({ productName, pending, onConfirm, onClose }: CancelRequestDialogProps) {
  return (
    <Dialog
      open={productName !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Annullare "${productName ?? ""}"?`}
      description={BUYER_MESSAGES.cancelConfirm}
    >
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          No, tienila
        </Button>
        <Button variant="destructive" onClick={onConfirm} loading={pending}>
          Sì, annulla la richiesta
        </Button>
      </div>
    </Dialog>
  );
}
