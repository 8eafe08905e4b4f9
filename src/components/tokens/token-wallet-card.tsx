import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import {
  monthlyAllowanceNote,
  TOKEN_WALLET_COPY,
  tokenCostLines,
} from "@/domain/billing/token-wallet-messages";
import { formatTokens } from "@/domain/billing/tokens";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { useSession } from "@/lib/session/session-provider";
import { useTokenBalance } from "@/lib/token-balance";
import { PurchaseDialogOnDemand } from "./purchase-dialog-on-demand";

/**
 * The wallet on /profile: the balance (the badge's cached one), the monthly allowance, what AI work
 * costs, and 'Acquista token' at any balance, which opens the same purchase dialog as the badge.
 */
export function TokenWalletCard() {
  const { userData } = useSession();
  const balance = useTokenBalance();
  const [open, setOpen] = useState(false);
  const userType = userData?.userType ?? "customer";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{TOKEN_WALLET_COPY.title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {balance === undefined ? (
          <Spinner size="sm" label={BUYER_MESSAGES.tokenBalanceLoading} />
        ) : (
          <p className="text-slate-900">
            {TOKEN_WALLET_COPY.balance}: <span className="text-2xl font-bold">{formatTokens(balance)}</span>{" "}
            token
          </p>
        )}
        <p className="text-sm text-slate-700">
          {monthlyAllowanceNote(userType)} {TOKEN_WALLET_COPY.neverExpire}
        </p>
        <div>
          <h3 className="text-sm font-semibold text-slate-800">{TOKEN_WALLET_COPY.costsTitle}</h3>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {tokenCostLines(userType).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
          {TOKEN_WALLET_COPY.buy}
        </Button>
      </CardContent>
      {open ? (
        <PurchaseDialogOnDemand open onOpenChange={setOpen} userType={userType} balance={balance ?? 0} />
      ) : null}
    </Card>
  );
}
