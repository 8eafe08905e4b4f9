import { useQuery } from "@tanstack/react-query";
import { subscribePlan } from "@/data/subscriptions";
import { PLAN_MESSAGES } from "@/domain/plan-messages";
import type { Subscription } from "@/domain/plans";
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

/** The first snapshot of subscriptions/{uid}. */
function readPlan(uid: string): Promise<Subscription | null> {
  return new Promise((resolve, reject) => {
    let stop: (() => void) | undefined;
    let done = false;
    stop = subscribePlan(uid, {
      next: (plan) => {
        if (done) return;
        done = true;
        resolve(plan);
        stop?.();
      },
      error: reject,
    });
    if (done) stop();
  });
}

/** The shop's plan, live: the webhook's changes show without a reload. */
export function usePlan(uid: string) {
  const query = useQuery({
    queryKey: planKeys.plan(uid),
    queryFn: () => readPlan(uid).catch(failWith(PLAN_MESSAGES.loadPlan)),
    enabled: uid !== "",
  });
  useLiveCache<Subscription | null>(
    planKeys.plan(uid),
    async (listener) => subscribePlan(uid, listener),
    uid !== "",
  );
  return query;
}
