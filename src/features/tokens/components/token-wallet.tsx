import { useState } from "react";
import { useSession } from "@/lib/session/session-provider";
import { PurchaseDialog } from "./purchase-dialog";
import { TokenBadge } from "./token-badge";

/**
 * The signed-in user's balance (live users/{uid} of the session) with the purchase dialog. The dialog
 * can also be opened from outside (`open`, e.g. when Algo answers out of tokens).
 */
export function TokenWallet({
  open,
  onOpenChange,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const { userData } = useSession();
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const balance = userData?.aiTokens ?? 0;
  return (
    <>
      <TokenBadge balance={balance} onBuy={() => setOpen(true)} />
      {isOpen ? (
        <PurchaseDialog
          open
          onOpenChange={setOpen}
          userType={userData?.userType ?? "customer"}
          balance={balance}
        />
      ) : null}
    </>
  );
}
