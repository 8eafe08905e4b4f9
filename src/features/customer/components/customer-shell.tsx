import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { ChatIcon, ShoppingBagIcon, SparklesIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { FIRST_PAINT_MESSAGES } from "@/domain/core/first-paint-messages";
import { PAGE_LEADS } from "@/domain/core/page-leads";
import { PRODUCT_NAME } from "@/domain/core/product";
import { LoadingState } from "./query-state";

/**
 * The tops of /customer and /requests, shared by each page and its static frame (the route gate's `shell`,
 * painted while the session and the page's code load), so that nothing moves when the page replaces the
 * frame. Light on purpose: the frames travel in the entry chunk (no Firebase, no zod, no data).
 */

export const CUSTOMER_DASHBOARD_CLASSES = "mx-auto max-w-5xl space-y-6 px-4 py-6";
export const CUSTOMER_REQUESTS_CLASSES = "mx-auto max-w-3xl space-y-4 px-4 py-6";

// 'Parla con Algo' is the way to a new request: the shortcuts do not repeat it.
const QUICK_LINKS = [
  {
    to: paths.requests.getHref(),
    title: "Le tue richieste",
    text: "Stato e offerte ricevute",
    Icon: ShoppingBagIcon,
  },
  { to: paths.messages.getHref(), title: "Messaggi", text: "Parla con i negozianti", Icon: ChatIcon },
] as const;

/** 'Area acquirente', the greeting (a placeholder of its size until the name is known), the lead, the wallet. */
export function DashboardGreeting({ name, wallet }: { name: string | null; wallet: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="max-w-2xl">
        <h1 id="customer-title" className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          Area acquirente
        </h1>
        <p data-slot="greeting" className="text-2xl font-bold text-slate-900">
          {name === null ? (
            <span aria-hidden="true" className="inline-block h-6 w-40 rounded bg-slate-200 align-middle" />
          ) : (
            `Ciao, ${name}!`
          )}
        </p>
        <p className="text-slate-700">{PAGE_LEADS.customerDashboard}</p>
      </div>
      <div data-slot="wallet" className="flex min-h-9 items-center">
        {wallet}
      </div>
    </div>
  );
}

export function TalkToAlgoLink() {
  return (
    <Link
      to={paths.create.getHref()}
      className={buttonClasses({ size: "lg", className: "w-full sm:w-auto" })}
    >
      <SparklesIcon className="size-5" aria-hidden="true" />
      Parla con Algo
    </Link>
  );
}

export function QuickLinks() {
  return (
    <nav aria-label="Scorciatoie" className="grid gap-3 sm:grid-cols-2">
      {QUICK_LINKS.map(({ to, title, text, Icon }) => (
        <Link
          key={to}
          to={to}
          className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-400"
        >
          <Icon className="size-6 text-brand-700" aria-hidden="true" />
          <span>
            <span className="block font-semibold text-slate-900">{title}</span>
            <span className="block text-sm text-slate-700">{text}</span>
          </span>
        </Link>
      ))}
    </nav>
  );
}

/**
 * /customer before anything is known: the page's top with no name, the stats loading, the shortcuts. Inert:
 * nothing in it takes focus or clicks, so no focus is lost when the page replaces it.
 */
export function CustomerDashboardShell() {
  return (
    <section aria-labelledby="customer-title" aria-busy="true" inert className={CUSTOMER_DASHBOARD_CLASSES}>
      <title>{`La tua area · ${PRODUCT_NAME}`}</title>
      <DashboardGreeting
        name={null}
        wallet={<Spinner size="sm" label={FIRST_PAINT_MESSAGES.tokenBalanceLoading} />}
      />
      <TalkToAlgoLink />
      <LoadingState />
      <QuickLinks />
    </section>
  );
}

/** 'Le tue richieste', 'Nuova richiesta' and the lead. */
export function RequestsHeading() {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="requests-title" className="text-2xl font-bold text-slate-900">
          Le tue richieste
        </h1>
        <Link to={paths.create.getHref()} className={buttonClasses({ size: "sm" })}>
          Nuova richiesta
        </Link>
      </div>
      <p className="text-slate-700">{PAGE_LEADS.customerRequests}</p>
    </>
  );
}

/** /requests before anything is known: its heading, its lead, the list loading. Inert, like the dashboard's. */
export function CustomerRequestsShell() {
  return (
    <section aria-labelledby="requests-title" aria-busy="true" inert className={CUSTOMER_REQUESTS_CLASSES}>
      <title>{`Le tue richieste · ${PRODUCT_NAME}`}</title>
      <RequestsHeading />
      <LoadingState />
    </section>
  );
}
