import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { formatEuro } from "@/domain/billing/pricing";
import { purchaseDialogLead, TOKEN_WALLET_COPY } from "@/domain/billing/token-wallet-messages";
import { formatTokens, TOKEN_PACKAGE_LABELS, tokenPackagesFor } from "@/domain/billing/tokens";
import type { UserType } from "@/domain/core/user-type";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { cn } from "@/lib/cn";
import { paymentsAreSimulated, usePurchaseTokens } from "@/lib/purchase-tokens";
import { useRememberTokenBalance } from "@/lib/token-balance";

type PurchaseDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userType: UserType;
  balance: number;
};

const newPaymentId = () => crypto.randomUUID();

/**
 * The one way to buy tokens, whatever opened it (the badge, its 'Acquista token' button, the wallet on
 * /profile, Algo or Leonardo out of tokens): the token packs of the user's role (spec §9). The local payment provider is simulated and the
 * dialog says so. One paymentId per attempted pack: a retry after a failure reuses it (the function
 * credits a payment id once), a successful purchase starts a new one.
 */
export function PurchaseDialog({ open, onOpenChange, userType, balance }: PurchaseDialogProps) {
  const packs = tokenPackagesFor(userType);
  const [selected, setSelected] = useState(
    () => packs.find((pack) => pack.popular)?.id ?? packs[0]?.id ?? "",
  );
  const [paymentId, setPaymentId] = useState(newPaymentId);
  const purchase = usePurchaseTokens();
  const rememberBalance = useRememberTokenBalance();
  const { toast } = useToast();

  const choose = (id: string) => {
    if (id === selected) return;
    setSelected(id);
    setPaymentId(newPaymentId());
  };

  const buy = () => {
    purchase.mutate(
      { packageId: selected, paymentId },
      {
        onSuccess: (result) => {
          rememberBalance(result.tokenBalance);
          toast({
            title: BUYER_MESSAGES.tokensPurchased,
            description: `Saldo: ${formatTokens(result.tokenBalance)} token`,
          });
          setPaymentId(newPaymentId());
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={TOKEN_WALLET_COPY.buy}
      description={purchaseDialogLead(balance)}
    >
      {paymentsAreSimulated ? (
        <>
          <Badge tone="warning">{BUYER_MESSAGES.simulatedPayment}</Badge>
          <p className="mt-2 text-sm text-slate-700">{BUYER_MESSAGES.simulatedPaymentNote}</p>
        </>
      ) : (
        <p className="text-sm text-slate-700">{BUYER_MESSAGES.stripePaymentNote}</p>
      )}
      <fieldset className="mt-4 space-y-2">
        <legend className="sr-only">Pacchetti di token</legend>
        {packs.map((pack) => (
          <label
            key={pack.id}
            className={cn(
              "flex cursor-pointer items-center justify-between gap-3 rounded-lg border p-3",
              selected === pack.id ? "border-brand-600 bg-brand-50" : "border-slate-200",
            )}
          >
            <span className="flex items-center gap-3">
              <input
                type="radio"
                name="token-pack"
                value={pack.id}
                checked={selected === pack.id}
                onChange={() => choose(pack.id)}
              />
              <span>
                <span className="font-semibold text-slate-900">
                  {TOKEN_PACKAGE_LABELS[pack.id] ?? pack.id}
                </span>
                <span className="block text-sm text-slate-700">{pack.tokens} token</span>
              </span>
            </span>
            <span className="flex flex-col items-end gap-1">
              <span className="font-semibold">{formatEuro(pack.price)}</span>
              {pack.popular ? <Badge tone="accent">Più scelto</Badge> : null}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Chiudi
        </Button>
        <Button onClick={buy} loading={purchase.isPending} disabled={!selected}>
          {paymentsAreSimulated ? "Acquista (simulato)" : "Paga con carta"}
        </Button>
      </div>
    </Dialog>
  );
}
