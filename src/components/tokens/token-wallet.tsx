import { useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { useSession } from "@/lib/session/session-provider";
import { useTokenBalance } from "@/lib/token-balance";
import { PurchaseDialogOnDemand } from "./purchase-dialog-on-demand";
import { TokenBadge } from "./token-badge";

/**
 * The signed-in user's balance (cached 5 minutes, see token-balance.ts) with the purchase dialog. The
 * dialog can also be opened from outside (`open`, e.g. when Algo answers out of tokens).
 */
export function TokenWallet({
  open,
  onOpenChange,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const { userData } = useSession();
  const balance = useTokenBalance();
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <>
      {balance === undefined ? (
        <Spinner size="sm" label={BUYER_MESSAGES.tokenBalanceLoading} />
      ) : (
        <TokenBadge balance={balance} onBuy={() => setOpen(true)} />
      )}
      {isOpen ? (
        <PurchaseDialogOnDemand
          open
          onOpenChange={setOpen}
          userType={userData?.userType ?? "customer"}
          balance={balance ?? 0}
        />
      ) : null}
    </>
  );
}
