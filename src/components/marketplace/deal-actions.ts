import { useMutation } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toast";
import type {
  AcceptOfferInput,
  AcceptOfferOutput,
  RejectOfferInput,
  RejectOfferOutput,
} from "@/domain/boundary/callables";
import { ERROR_MESSAGES, SUCCESS_TOASTS } from "@/domain/core/common-messages";
import type { HoldTerms } from "@/domain/marketplace/deal-end";
import { failWith } from "@/lib/app-error";
import { DEAL_CHANGE_META } from "@/lib/query-client";

/**
 * The buyer's Accetta / Rifiuta (callables, functions/src/deals), shared by the chat and the buyer's
 * request lists. A failure is re-thrown with the function's Italian message (e.g. 'Operazione non
 * consentita: …') or the spec's text for the action, and the app's MutationCache shows it as the
 * 'Errore' toast; the screens read their data again once it succeeds (DEAL_CHANGE_META). Success
 * toasts are hook-level callbacks on purpose: the new state may arrive before the callable answers,
 * which unmounts the buttons, and per-call (mutate) callbacks would then never run.
 * The callables come from the feature (src/data is below this layer): `dealCalls` in its api.
 */
export type DealCalls = {
  acceptOffer: (input: AcceptOfferInput) => Promise<AcceptOfferOutput>;
  rejectOffer: (input: RejectOfferInput) => Promise<RejectOfferOutput>;
  /** The shop's address and hours from its public profile, as the accept dialog shows them (deal-end.ts). */
  shopHold: (merchantId: string) => Promise<Pick<HoldTerms, "address" | "weeklyHours">>;
};

export function useAcceptOffer({ acceptOffer }: DealCalls) {
  const { toast } = useToast();
  return useMutation({
    meta: DEAL_CHANGE_META,
    mutationFn: (input: AcceptOfferInput) =>
      acceptOffer(input).catch(failWith(ERROR_MESSAGES.acceptOffer, { serverMessage: true })),
    onSuccess: () => toast(SUCCESS_TOASTS.offerAccepted),
  });
}

export function useRejectOffer({ rejectOffer }: DealCalls) {
  const { toast } = useToast();
  return useMutation({
    meta: DEAL_CHANGE_META,
    onSuccess: () => toast(SUCCESS_TOASTS.offerRejected),
    mutationFn: ({ offerId, reason }: { offerId: string; reason?: string }) =>
      rejectOffer(reason ? { offerId, reason } : { offerId }).catch(
        failWith(ERROR_MESSAGES.rejectOffer, { serverMessage: true }),
      ),
  });
}
