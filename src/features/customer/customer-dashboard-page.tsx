import { Link } from "react-router";
import { TokenWallet } from "@/components/tokens/token-wallet";
import { buttonClasses } from "@/components/ui/button";
import { ChatIcon, ShoppingBagIcon, SparklesIcon } from "@/components/ui/icons";
import { paths } from "@/config/paths";
import { CUSTOMER_DASHBOARD_OFFERS_PER_REQUEST, CUSTOMER_DASHBOARD_REQUESTS } from "@/domain/limits";
import { CUSTOMER_FALLBACK_NAME, ERROR_MESSAGES } from "@/domain/messages";
import { PRODUCT_NAME } from "@/domain/product";
import { useSession } from "@/lib/session/session-provider";
import { useCustomerOffers, useCustomerRequests } from "./api/customer-data";
import { FirstRequestWelcome } from "./components/first-request-welcome";
import { ErrorState, LoadingState } from "./components/query-state";
import { RequestCard } from "./components/request-card";
import { RequestLifeActions } from "./components/request-life-actions";
import { StatsGrid } from "./components/stats-grid";
import { customerStats, offersByRequest } from "./lib/customer-stats";

// 'Parla con Algo' above is the way to a new request: the shortcuts do not repeat it.
const QUICK_LINKS = [
  {
    to: paths.requests.getHref(),
    title: "Le tue richieste",
    text: "Stato e offerte ricevute",
    Icon: ShoppingBagIcon,
  },
  { to: paths.messages.getHref(), title: "Messaggi", text: "Parla con i negozianti", Icon: ChatIcon },
] as const;

/** /customer (spec §2): greeting, tokens, stats from the buyer's requests and offers, latest requests. */
export function CustomerDashboardPage() {
  const { user, userData } = useSession();
  const uid = user?.uid ?? "";
  const requests = useCustomerRequests(uid);
  const offers = useCustomerOffers(uid);
  const name = userData?.firstName?.trim() || userData?.displayName?.trim() || CUSTOMER_FALLBACK_NAME;

  const failed = requests.isError || offers.isError;
  const loaded = requests.data && offers.data;
  const grouped = offersByRequest(offers.data ?? []);
  const latest = (requests.data ?? []).slice(0, CUSTOMER_DASHBOARD_REQUESTS);
  const firstTime = Boolean(loaded) && !failed && requests.data?.length === 0;

  return (
    <section aria-labelledby="customer-title" className="mx-auto max-w-5xl space-y-6 px-4 py-6">
      <title>{`La tua area · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="customer-title" className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            Area acquirente
          </h1>
          <p className="text-2xl font-bold text-slate-900">Ciao, {name}!</p>
          {firstTime ? null : <p className="text-slate-700">Di cosa hai bisogno oggi?</p>}
        </div>
        <TokenWallet />
      </div>
      {firstTime ? (
        <FirstRequestWelcome />
      ) : (
        <>
          <Link
            to={paths.create.getHref()}
            className={buttonClasses({ size: "lg", className: "w-full sm:w-auto" })}
          >
            <SparklesIcon className="size-5" aria-hidden="true" />
            Parla con Algo
          </Link>
          {failed ? (
            <ErrorState
              message={ERROR_MESSAGES.loadRequests}
              onRetry={() => {
                void requests.refetch();
                void offers.refetch();
              }}
            />
          ) : !loaded ? (
            <LoadingState />
          ) : (
            <StatsGrid stats={customerStats(requests.data, offers.data)} />
          )}
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
        </>
      )}

      {loaded && !failed && !firstTime ? (
        <section aria-labelledby="latest-title" className="space-y-3">
          <h2 id="latest-title" className="text-lg font-semibold text-slate-900">
            Le tue ultime richieste
          </h2>
          {latest.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              offers={grouped.get(request.id) ?? []}
              maxOffers={CUSTOMER_DASHBOARD_OFFERS_PER_REQUEST}
              action={<RequestLifeActions request={request} />}
            />
          ))}
          {requests.data.length > CUSTOMER_DASHBOARD_REQUESTS ? (
            <Link
              to={paths.requests.getHref()}
              className={buttonClasses({ variant: "secondary", className: "w-full" })}
            >
              Vedi tutte le richieste ({requests.data.length})
            </Link>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}
