import { useQuery } from "@tanstack/react-query";
import { PLAN_MESSAGES } from "@/domain/billing/plan-messages";
import type { Subscription } from "@/domain/billing/plans";
import { failWith } from "@/lib/app-error";
import { useLiveCache } from "@/lib/live-cache";

/**
 * The signed-in shop's plan (subscriptions/{uid}), live, for /abbonamento and the merchant dashboard's
 * plan card: the webhook's changes show without a reload.
 */
/** Query keys of the plan page and the dashboard's plan card. */
export const planKeys = {
  plan: (uid: string) => ["plan", uid] as const,
  payments: (uid: string) => ["plan", uid, "payments"] as const,
};

/**
 * The shop's plan: read once over Firestore Lite; on /abbonamento (`live`) then followed once the page
 * has settled, so the webhook's changes show without a reload while the shop pays. Elsewhere (the
 * dashboard's plan card) the one read is enough: a page load reads the document once (docs/scale.md).
 */
export function usePlan(uid: string, { live = false }: { live?: boolean } = {}) {
  const query = useQuery({
    queryKey: planKeys.plan(uid),
    // The data module (and Firebase with it) loads with this read, not with every page that shows the plan.
    queryFn: () =>
      import("@/data/subscriptions")
        .then(({ getPlan }) => getPlan(uid))
        .catch(failWith(PLAN_MESSAGES.loadPlan)),
    enabled: uid !== "",
  });
  useLiveCache<Subscription | null>(
    planKeys.plan(uid),
    async (listener) => (await import("@/data/subscriptions")).subscribePlan(uid, listener),
    live && uid !== "",
  );
  return query;
}
