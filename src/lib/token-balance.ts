import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { spendableTokens } from "@/domain/billing/token-balance";
import { TOKEN_BALANCE_CACHE_MS } from "@/domain/core/limits";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { failWith } from "@/lib/app-error";
import { useSession } from "@/lib/session/session-provider";

/**
 * The AI token balance as the client caches it (spec §9: 5 minutes). The badge reads it from the
 * query cache; it is read again from users/{uid} only once it is older than 5 minutes, and every
 * answer that carries a balance (an Algo turn, a purchase, Leonardo) writes it at once, so the user's
 * own actions show immediately and a change made elsewhere shows within 5 minutes.
 */
export const tokenKeys = {
  balance: (uid: string) => ["tokens", uid, "balance"] as const,
};

export function tokenBalanceOptions(uid: string, known?: number) {
  return queryOptions({
    queryKey: tokenKeys.balance(uid),
    // The data module (and Firebase with it) loads with this read, not with every page that shows a balance.
    queryFn: async () =>
      (await import("@/data/tokens")
        .then(({ getTokenBalance }) => getTokenBalance(uid))
        .catch(failWith(BUYER_MESSAGES.tokenBalanceUnavailable))) ?? 0,
    staleTime: TOKEN_BALANCE_CACHE_MS,
    enabled: uid !== "",
    // The session's user document, when it has one, is the first value: no extra read on first paint.
    ...(known !== undefined ? { initialData: known } : {}),
  });
}

/** The signed-in user's cached balance (undefined while it is read for the first time). */
export function useTokenBalance(): number | undefined {
  const { user, userData } = useSession();
  const known = userData && !userData.isFallback ? spendableTokens(userData, new Date()) : undefined;
  const { data } = useQuery(tokenBalanceOptions(user?.uid ?? "", known));
  return data;
}

/** Writes a balance the server has just returned into the cache (fresh for another 5 minutes). */
export function useRememberTokenBalance(): (balance: number) => void {
  const queryClient = useQueryClient();
  const uid = useSession().user?.uid;
  return useCallback(
    (balance: number) => {
      if (uid && Number.isFinite(balance)) queryClient.setQueryData(tokenKeys.balance(uid), balance);
    },
    [queryClient, uid],
  );
}
