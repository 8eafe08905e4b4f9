import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { memo, useDeferredValue, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { NearbyRequest, NearbyRequestsPage } from "@/data/requests";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { feedEntries } from "@/domain/marketplace/group-offer";
import { MERCHANT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import type { Offer } from "@/domain/marketplace/offer";
import { useMyOffersOn } from "@/lib/my-offers-on";
import { useBlockedIds } from "@/lib/trust";
import { useCatalogueLookup } from "../api/catalogue-lookup";
import type { CatalogueLookup } from "../lib/catalogue-lookup";
import { GroupCard } from "./group-card";
import { RequestCard } from "./request-card";

type Props = {
  feed: UseInfiniteQueryResult<InfiniteData<NearbyRequestsPage>>;
  /** The signed-in shop: its own offers on the cards' requests change their call to action. */
  uid: string;
  /** The shop's categories: similar requests in them are grouped ('N persone cercano …'). */
  own: readonly string[];
};

/** The feed's states: loading, error (with retry), empty, the cards and 'Carica altre'. */
export function FeedResults({ feed, uid, own }: Props) {
  // Requests of buyers the shop blocked are left out.
  const blocked = useBlockedIds(uid);
  const requests = useMemo(
    () =>
      (feed.data?.pages.flatMap((page) => page.items) ?? []).filter(
        (request) => !blocked.data?.has(request.customerId),
      ),
    [feed.data, blocked.data],
  );
  const mine = useMyOffersOn(
    uid,
    requests.map((request) => request.id),
  );
  // A query's answer re-renders this component at once, in one task (useSyncExternalStore); the cards
  // render from deferred copies instead, in React's sliced background render (docs/lighthouse.md). The
  // spinner stays until the first cards are rendered.
  const shown = useDeferredValue(requests);
  const myOffers = useDeferredValue(mine.data);
  // 'Ce l'hai a …': the shop's catalogue matched on each card, once it has loaded.
  const lookup = useCatalogueLookup(uid);
  if (feed.isPending || (shown !== requests && shown.length === 0 && requests.length > 0)) {
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner size="lg" label="Caricamento delle richieste…" />
      </div>
    );
  }
  if (feed.isError && !feed.data) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-medium text-red-800">{ERROR_MESSAGES.loadRequests}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void feed.refetch()}>
          Riprova
        </Button>
      </div>
    );
  }
  if (requests.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 p-6 text-center text-slate-700">
        {MERCHANT_MESSAGES.noRequestsFound}
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600" aria-live="polite">
        {requests.length === 1 ? "1 richiesta" : `${requests.length} richieste`}
        {feed.hasNextPage ? " (ce ne sono altre)" : ""}
      </p>
      <FeedCards requests={shown} myOffers={myOffers} own={own} lookup={lookup} />
      {feed.isFetchNextPageError ? (
        <p role="alert" className="text-center font-medium text-red-800">
          {ERROR_MESSAGES.loadRequests}
        </p>
      ) : null}
      {feed.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            loading={feed.isFetchingNextPage}
            onClick={() => void feed.fetchNextPage()}
          >
            Carica altre
          </Button>
        </div>
      ) : null}
    </div>
  );
}

const FeedCards = memo(function FeedCards({
  requests,
  myOffers,
  own,
  lookup,
}: {
  requests: readonly NearbyRequest[];
  myOffers: ReadonlyMap<string, Offer> | undefined;
  own: readonly string[];
  lookup: CatalogueLookup | undefined;
}) {
  // Until the shop's own offers are known, no group: a request it answered must not be in one.
  const entries = useMemo(
    () =>
      myOffers
        ? feedEntries(requests, { categories: own, answered: (id) => myOffers.has(id) })
        : requests.map((request) => ({ kind: "single" as const, request })),
    [requests, myOffers, own],
  );
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {entries.map((entry) =>
        entry.kind === "single" ? (
          <RequestCard
            key={entry.request.id}
            request={entry.request}
            myOffer={myOffers?.get(entry.request.id)}
            hit={lookup?.(entry.request)}
          />
        ) : (
          <GroupCard key={entry.requests.map((request) => request.id).join("+")} requests={entry.requests} />
        ),
      )}
    </ul>
  );
});
