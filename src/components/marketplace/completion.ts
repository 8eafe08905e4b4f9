import { useMutation, useMutationState } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toast";
import type { CompleteTransactionInput, CompleteTransactionOutput } from "@/domain/boundary/callables";
import { ERROR_MESSAGES, SUCCESS_TOASTS } from "@/domain/core/common-messages";
import type { Rating } from "@/domain/marketplace/rating";
import { failWith } from "@/lib/app-error";
import { DEAL_CHANGE_META } from "@/lib/query-client";

/** One request's completion: the form sends it, the completed panel reads its answer. */
const completionKey = (requestId: string) => ["deals", "complete", requestId] as const;

/** The completeTransaction callable, from the feature (src/data is below this layer). */
export type CompleteCall = (input: CompleteTransactionInput) => Promise<CompleteTransactionOutput>;

/**
 * The buyer completes the deal with a rating, or rates a deal the shop verified at its till (already
 * completed): the chat's deal panel and the buyer's request cards (the decisions are in deal-actions).
 */
export function useCompleteTransaction(requestId: string, completeTransaction: CompleteCall) {
  const { toast } = useToast();
  return useMutation({
    mutationKey: completionKey(requestId),
    meta: DEAL_CHANGE_META,
    // Its answer stays for the session: the completed panel reads it after the form has gone.
    gcTime: Number.POSITIVE_INFINITY,
    onSuccess: () => toast(SUCCESS_TOASTS.transactionCompleted),
    mutationFn: ({ rating, feedback }: { rating: Rating; feedback?: string }) =>
      completeTransaction(feedback ? { requestId, rating, feedback } : { requestId, rating }).catch(
        failWith(ERROR_MESSAGES.completeTransaction, { serverMessage: true }),
      ),
  });
}

/**
 * completeTransaction's answer for this request in this session (whether the rating counted, and why
 * not), once the call succeeded. It outlives the form: the request turns completed, the form goes.
 */
export function useCompletionAnswer(requestId: string): CompleteTransactionOutput | undefined {
  const answers = useMutationState({
    filters: { mutationKey: completionKey(requestId), status: "success" },
    select: (mutation) => mutation.state.data as CompleteTransactionOutput | undefined,
  });
  return answers.at(-1);
}
