import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  cancelSubscription,
  confirmSimulatedCheckout,
  listPayments,
  openBillingPortal,
  resumeSubscription,
  startCheckout,
} from "@/data/subscriptions";
import { PLAN_MESSAGES } from "@/domain/billing/plan-messages";
import type { StartCheckoutInput } from "@/domain/boundary/callables";
import { failWith } from "@/lib/app-error";
import { planKeys } from "@/lib/plan";

export { planKeys, usePlan } from "@/lib/plan";

/** Receipts, refetched whenever the plan document changes (a payment arrives with it). */
export function usePayments(uid: string, planVersion: number) {
  return useQuery({
    queryKey: [...planKeys.payments(uid), planVersion],
    queryFn: () => listPayments(uid).catch(failWith(PLAN_MESSAGES.loadPayments)),
    enabled: uid !== "",
  });
}

/**
 * Starts a payment: Stripe's hosted page in production (the browser leaves for it), or the simulated
 * session the page confirms in its labelled dialog on the emulators.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (input: StartCheckoutInput) =>
      startCheckout(input).catch(failWith(PLAN_MESSAGES.checkoutFailed, { serverMessage: true })),
  });
}

export function useConfirmSimulated(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      confirmSimulatedCheckout({ sessionId }).catch(
        failWith(PLAN_MESSAGES.checkoutFailed, { serverMessage: true }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.plan(uid) }),
  });
}

export function useRenewal() {
  return useMutation({
    mutationFn: (renew: boolean) =>
      (renew ? resumeSubscription(undefined) : cancelSubscription(undefined)).catch(
        failWith(PLAN_MESSAGES.billingFailed, { serverMessage: true }),
      ),
  });
}

export function usePortal() {
  return useMutation({
    mutationFn: () =>
      openBillingPortal(undefined).catch(failWith(PLAN_MESSAGES.billingFailed, { serverMessage: true })),
  });
}
