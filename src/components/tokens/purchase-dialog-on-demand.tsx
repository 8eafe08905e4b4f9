import { type ComponentProps, lazy, Suspense } from "react";
import { Spinner } from "@/components/ui/spinner";
import { TOKEN_WALLET_COPY } from "@/domain/billing/token-wallet-messages";
import type { PurchaseDialog } from "./purchase-dialog";

const LazyPurchaseDialog = lazy(() =>
  import("./purchase-dialog").then((module) => ({ default: module.PurchaseDialog })),
);

/**
 * The purchase dialog as the badge and the wallet open it: its code (the packs, the payment, the dialog
 * primitive) loads on the first tap on 'Acquista token', not with every page that shows a balance.
 */
export function PurchaseDialogOnDemand(props: ComponentProps<typeof PurchaseDialog>) {
  return (
    <Suspense fallback={<Spinner size="sm" label={TOKEN_WALLET_COPY.opening} />}>
      <LazyPurchaseDialog {...props} />
    </Suspense>
  );
}
