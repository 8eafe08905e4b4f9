import { useMutation } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toast";
import { acceptOffer, completeTransaction, rejectOffer } from "@/data/deals";
import { ERROR_MESSAGES, SUCCESS_TOASTS } from "@/domain/messages";
import type { Rating } from "@/domain/rating";
import { failWith } from "@/lib/app-error";

/**
 * The buyer's decisions (callables, functions/src/deals). A failure is re-thrown with the function's
 * Italian message (e.g. 'Operazione non consentita: …') or the spec's text for the action, and the app's
 * MutationCache shows it as the 'Errore' toast. The offer and request listeners show the outcome.
 * Success toasts are hook-level callbacks on purpose: the listeners usually deliver the new state before
 * the callable answers, which unmounts the buttons, and per-call (mutate) callbacks would then never run.
 */
export function useAcceptOffer() {
  const { toast } = useToast();
  return useMutation({
    mutationFn: ({ offerId, price }: { offerId: string; price: number }) =>
      acceptOffer({ offerId, expectedPrice: price }).catch(
        failWith(ERROR_MESSAGES.acceptOffer, { serverMessage: true }),
      ),
    onSuccess: () => toast(SUCCESS_TOASTS.offerAccepted),
  });
}

export function useRejectOffer() {
  const { toast } = useToast();
  return useMutation({
    onSuccess: () => toast(SUCCESS_TOASTS.offerRejected),
    mutationFn: ({ offerId, reason }: { offerId: string; reason?: string }) =>
      rejectOffer(reason ? { offerId, reason } : { offerId }).catch(
        failWith(ERROR_MESSAGES.rejectOffer, { serverMessage: true }),
      ),
  });
}

export function useCompleteTransaction() {
  const { toast } = useToast();
  return useMutation({
    onSuccess: () => toast(SUCCESS_TOASTS.transactionCompleted),
    mutationFn: ({ requestId, rating, feedback }: { requestId: string; rating: Rating; feedback?: string }) =>
      completeTransaction(feedback ? { requestId, rating, feedback } : { requestId, rating }).catch(
        failWith(ERROR_MESSAGES.completeTransaction, { serverMessage: true }),
      ),
  });
}
