import { REQUEST_QUERY_LIMIT } from "@/domain/limits";
import { useRefreshOnChange } from "./live-cache";

/** Every query about a shop's offers lives under this key (the dashboard's counts and list, /offers). */
export const merchantOffersKey = (uid: string) => ["offers", uid] as const;

/**
 * The shop's offer screens follow its newest offers (up to the rules' list bound): when the buyer
 * accepts, rejects or completes one, the counts and lists under merchantOffersKey are read again, live.
 */
export function useLiveMerchantOffers(uid: string): void {
  useRefreshOnChange(
    merchantOffersKey(uid),
    async (listener) =>
      (await import("@/data/offers")).subscribeToMerchantOffers(uid, REQUEST_QUERY_LIMIT, listener),
    uid !== "",
  );
}
