import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Offer } from "@/domain/marketplace/offer";
import { lazyModule } from "./page-data";

const offersModule = lazyModule(() => import("@/data/offers"));

/** Offers of this shop that the screen has read already (the dashboard's latest ones), and whether they are still loading. */
export type OffersAlreadyRead = { pending: boolean; offers: readonly Offer[] };

/**
 * The shop's own offers on the requests a screen lists (/browse's cards, the dashboard's nearby list),
 * by request id, so a request it already answered says 'Hai offerto 150 €' instead of 'Fai un'offerta'.
 * One bounded read per 30 ids (listMerchantOffersOn). A failure only loses the cue (logged).
 *
 * Offers the screen has already read (`alreadyRead`) are taken from there, and only the other requests
 * are asked about: a page load reads each offer once (docs/scale.md). While those load, this waits.
 */
export function useMyOffersOn(uid: string, requestIds: readonly string[], alreadyRead?: OffersAlreadyRead) {
  const known = alreadyRead?.offers;
  const ids = [...new Set(requestIds)].sort();
  const missing = known ? ids.filter((id) => !known.some((offer) => offer.requestId === id)) : ids;
  const fetched = useQuery({
    queryKey: ["my-offers-on", uid, ...missing],
    queryFn: async (): Promise<Map<string, Offer>> =>
      (await offersModule()).listMerchantOffersOn(uid, missing).catch((error: unknown) => {
        console.error("Le tue offerte sulle richieste mostrate non sono leggibili", error);
        return new Map();
      }),
    enabled: uid !== "" && missing.length > 0 && !alreadyRead?.pending,
    placeholderData: (previous) => previous,
  });
  const idsKey = ids.join("|");
  const data = useMemo(() => {
    const wanted = new Set(idsKey.split("|"));
    const mine = new Map<string, Offer>();
    for (const offer of known ?? []) if (wanted.has(offer.requestId)) mine.set(offer.requestId, offer);
    for (const [id, offer] of fetched.data ?? []) mine.set(id, offer);
    return mine;
  }, [idsKey, known, fetched.data]);
  return { data };
}
