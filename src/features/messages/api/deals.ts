import { useMutation } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toast";
import { completeTransaction } from "@/data/deals";
import { ERROR_MESSAGES, SUCCESS_TOASTS } from "@/domain/messages";
import type { Rating } from "@/domain/rating";
import { failWith } from "@/lib/app-error";

/** The buyer completes the deal with a rating (the decisions are in components/marketplace/deal-actions). */
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
