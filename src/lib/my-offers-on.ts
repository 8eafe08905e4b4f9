import { useQuery } from "@tanstack/react-query";
import { listMerchantOffersOn } from "@/data/offers";
import type { Offer } from "@/domain/marketplace/offer";

/**
 * The shop's own offers on the requests a screen lists (/browse's cards, the dashboard's nearby list),
 * by request id, so a request it already answered says 'Hai offerto 150 €' instead of 'Fai un'offerta'.
 * One bounded read per 30 ids (listMerchantOffersOn). A failure only loses the cue (logged).
 */
export function useMyOffersOn(uid: string, requestIds: readonly string[]) {
  const ids = [...requestIds].sort();
  return useQuery({
    queryKey: ["my-offers-on", uid, ...ids],
    queryFn: (): Promise<Map<string, Offer>> =>
      listMerchantOffersOn(uid, ids).catch((error: unknown) => {
        console.error("Le tue offerte sulle richieste mostrate non sono leggibili", error);
        return new Map();
      }),
    enabled: uid !== "" && ids.length > 0,
    placeholderData: (previous) => previous,
  });
}
