import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { PAGE_LEADS, PAGE_LOADING } from "@/domain/core/page-leads";
import { PRODUCT_NAME } from "@/domain/core/product";

/**
 * The top of /browse, shared by the page and its static frame (the route gate's `shell`, painted while the
 * session and the page's code load), so that nothing moves when the page replaces the frame. Light on
 * purpose: the frame travels in the entry chunk.
 */

export const BROWSE_CLASSES = "mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8";

/** The heading, the lead and where the feed looks from (a placeholder line until the shop's place is known). */
export function BrowseHeader({ zone }: { zone: ReactNode }) {
  return (
    <header className="space-y-1">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Richieste vicino a te</h1>
      <p className="max-w-3xl text-slate-700">{PAGE_LEADS.browse}</p>
      <p data-slot="zone" className="text-sm font-medium text-slate-800">
        {zone}
      </p>
    </header>
  );
}

/** /browse before anything is known: its top, then the feed loading. Inert. */
export function BrowseShell() {
  return (
    <div aria-busy="true" inert className={BROWSE_CLASSES}>
      <title>{`Richieste vicino a te · ${PRODUCT_NAME}`}</title>
      <BrowseHeader
        zone={<span aria-hidden="true" className="inline-block h-4 w-56 rounded bg-slate-200 align-middle" />}
      />
      <div className="flex justify-center py-10">
        <Spinner label={PAGE_LOADING.requests} />
      </div>
    </div>
  );
}
