import { useMutation } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toast";
import { acceptOffer, completeTransaction, rejectOffer } from "@/data/deals";
import { callableErrorMessage } from "@/domain/errors";
import { ERROR_MESSAGES, SUCCESS_TOASTS } from "@/domain/messages";
import type { Rating } from "@/domain/rating";

/**
 * The buyer's decisions (callables, functions/src/deals). A failure is re-thrown with the function's
 * Italian message (e.g. 'Operazione non consentita: …') or the spec's text for the action, and the app's
 * MutationCache shows it as the 'Errore' toast. The offer and request listeners show the outcome.
 * Success toasts are hook-level callbacks on purpose: the listeners usually deliver the new state before
 * the callable answers, which unmounts the buttons, and per-call (mutate) callbacks would then never run.
 */
function failAs(fallback: string) {
  return (cause: unknown): never => {
    console.error(fallback, cause);
    throw new Error(callableErrorMessage(cause, fallback), { cause });
  };
}

export function useAcceptOffer() {
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ offerId, price }: { offerId: string; price: number }) =>
      acceptOffer({ offerId, expectedPrice: price }).catch(failAs(ERROR_MESSAGES.acceptOffer)),
    onSuccess: () => toast(SUCCESS_TOASTS.offerAccepted),
  });
}

export function useRejectOffer() {
  const { toast } = useToast();
  return useMutation({
    onSuccess: () => toast(SUCCESS_TOASTS.offerRejected),
    mutationFn: ({ offerId, reason }: { offerId: string; reason?: string }) =>
      rejectOffer(reason ? { offerId, reason } : { offerId }).catch(failAs(ERROR_MESSAGES.rejectOffer)),
  });
}

export function useCompleteTransaction() {
  const { toast } = useToast();
  return useMutation({
    onSuccess: () => toast(SUCCESS_TOASTS.transactionCompleted),
    mutationFn: ({ requestId, rating, feedback }: { requestId: string; rating: Rating; feedback?: string }) =>
      completeTransaction(feedback ? { requestId, rating, feedback } : { requestId, rating }).catch(
        failAs(ERROR_MESSAGES.completeTransaction),
      ),
  });
}
