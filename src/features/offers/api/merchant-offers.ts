import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { listMerchantOffersWithRequests, type OffersCursor } from "@/data/offers";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { MERCHANT_OFFERS_PAGE_SIZE } from "@/domain/core/limits";
import { failWith } from "@/lib/app-error";
import { useLiveMerchantOffers } from "@/lib/merchant-offers-live";
import { offerKeys } from "./make-offer";

/** Every offer the merchant has sent, newest first, with the request it answers. */
export function merchantOffersOptions(merchantId: string) {
  return infiniteQueryOptions({
    queryKey: offerKeys.list(merchantId),
    queryFn: ({ pageParam }) =>
      listMerchantOffersWithRequests(merchantId, MERCHANT_OFFERS_PAGE_SIZE, pageParam).catch(
        failWith(ERROR_MESSAGES.loadOffers),
      ),
    initialPageParam: null as OffersCursor | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The list, live: an offer accepted, rejected or rated shows without a reload. */
export function useMerchantOffers(merchantId: string) {
  useLiveMerchantOffers(merchantId);
  return useInfiniteQuery(merchantOffersOptions(merchantId));
}
