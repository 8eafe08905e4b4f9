import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { REQUEST_QUERY_LIMIT } from "@/domain/limits";

// The data modules (and with them the full Firestore SDK, ~136 kB gzip) load when the first query runs,
// not with the route: the page paints first and the route stays within its 300 kB initial-JS budget.
const requestsModule = () => import("@/data/requests");
const offersModule = () => import("@/data/offers");

/** Requests read for the dashboard stats and /requests: the buyer's newest (the rules bound every list). */
export const CUSTOMER_REQUESTS_MAX = REQUEST_QUERY_LIMIT;
/** Offers read for the same screens: the newest received. */
export const CUSTOMER_OFFERS_MAX = REQUEST_QUERY_LIMIT;

export const customerKeys = {
  all: (uid: string) => ["customer", uid] as const,
  requests: (uid: string) => ["customer", uid, "requests"] as const,
  offers: (uid: string) => ["customer", uid, "offers"] as const,
};

export function useCustomerRequests(uid: string) {
  return useQuery({
    queryKey: customerKeys.requests(uid),
    // Always refreshed on mount: a request just published by Algo, or an offer just received, must show.
    staleTime: 0,
    queryFn: async () => (await requestsModule()).listCustomerRequests(uid, CUSTOMER_REQUESTS_MAX),
  });
}

export function useCustomerOffers(uid: string) {
  return useQuery({
    queryKey: customerKeys.offers(uid),
    staleTime: 0,
    queryFn: async () => (await offersModule()).listCustomerOffers(uid, CUSTOMER_OFFERS_MAX),
  });
}

/** Cancels one of the buyer's active requests (the rules allow only that change); failures → 'Errore'. */
export function useCancelRequest(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (requestId: string) => (await requestsModule()).cancelRequest(requestId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.all(uid) }),
  });
}
