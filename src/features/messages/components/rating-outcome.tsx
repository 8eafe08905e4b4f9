import { EmailProofButton } from "@/components/account/email-proof-button";
import { useCompletionAnswer } from "@/components/marketplace/completion";
import { RATING_PROOF_COPY, ratingOutcomeMessage } from "@/domain/marketplace/rating-messages";
import { useEmailProven } from "@/lib/email-proof";

/**
 * Once the buyer's rating is sent: whether it entered the shop's average and shows on its page, and
 * when it did not, what would make the next one count (with the one-tap proof link when the e-mail is
 * what is missing).
 */
export function RatingOutcome({ requestId }: { requestId: string }) {
  const answer = useCompletionAnswer(requestId);
  const proven = useEmailProven();
  if (!answer) return null;
  const counted = answer.ratingCounted !== false;
  return (
    <div
      className={
        counted
          ? "space-y-1 rounded-lg bg-green-50 p-3 text-sm text-green-900"
          : "space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
      }
    >
      <div role="status">
        <p className="font-semibold">{RATING_PROOF_COPY.outcomeTitle}</p>
        <p>{ratingOutcomeMessage(answer)}</p>
      </div>
      {answer.ratingUncountedReason === "email_unproven" && !proven ? <EmailProofButton /> : null}
    </div>
  );
}
