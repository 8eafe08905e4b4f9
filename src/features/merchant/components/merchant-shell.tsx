import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { SparklesIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { FIRST_PAINT_MESSAGES } from "@/domain/core/first-paint-messages";
import { PAGE_LEADS, PAGE_LOADING } from "@/domain/core/page-leads";
import { PRODUCT_NAME } from "@/domain/core/product";
import { ASSISTANT_NAME } from "@/domain/core/user-roles";

/**
 * The top of /merchant, shared by the page and its static frame (the route gate's `shell`, painted while
 * the session and the page's code load), so that nothing moves when the page replaces the frame. Light on
 * purpose: the frame travels in the entry chunk (no Firebase, no zod, no data).
 */

export const MERCHANT_DASHBOARD_CLASSES = "mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8";

/** 'Area negoziante', 'Ciao, {shop}' (a placeholder of its size until the name is known), the assistant, the wallet, the lead. */
export function MerchantGreeting({ name, wallet }: { name: string | null; wallet: ReactNode }) {
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-brand-800">Area negoziante</p>
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
            Ciao,{" "}
            <span data-slot="greeting">
              {name ?? (
                <span
                  aria-hidden="true"
                  className="inline-block h-6 w-48 rounded bg-slate-200 align-middle"
                />
              )}
            </span>
          </h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="accent" className="text-sm">
            <SparklesIcon className="size-4" />
            Il tuo assistente: {ASSISTANT_NAME.merchant}
          </Badge>
          <div data-slot="wallet" className="flex min-h-9 items-center">
            {wallet}
          </div>
        </div>
      </header>
      <p className="max-w-3xl text-slate-700">{PAGE_LEADS.merchantDashboard}</p>
    </>
  );
}

export function MerchantAreaLoading() {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={PAGE_LOADING.merchantArea} />
    </div>
  );
}

/** /merchant before anything is known: its top with no name, then the area loading. Inert. */
export function MerchantDashboardShell() {
  return (
    <div aria-busy="true" inert className={MERCHANT_DASHBOARD_CLASSES}>
      <title>{`Area negoziante · ${PRODUCT_NAME}`}</title>
      <MerchantGreeting
        name={null}
        wallet={<Spinner size="sm" label={FIRST_PAINT_MESSAGES.tokenBalanceLoading} />}
      />
      <MerchantAreaLoading />
    </div>
  );
}
