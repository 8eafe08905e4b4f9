import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { EmailProofButton } from "@/components/account/email-proof-button";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { paths } from "@/config/paths";
import { LEGAL_LINK_LABELS } from "@/domain/legal/legal";
import { DEAL_MESSAGES } from "@/domain/marketplace/deal-messages";
import { type Rating, validateRatingForm } from "@/domain/marketplace/rating";
import { RATING_PROOF_COPY } from "@/domain/marketplace/rating-messages";
import { useEmailProven } from "@/lib/email-proof";
import { type CompleteCall, useCompleteTransaction } from "./completion";
import { RatingStars } from "./rating-stars";

/**
 * After acceptance the buyer first goes to the shop: the rating is asked only when they say they bought
 * ('Ho acquistato'), with no star preselected; sending it completes the deal (spec §4). A buyer whose
 * e-mail is not proven reads, right there, that the rating would not count, with the one-tap proof
 * (not after a verified purchase, which needs no proof: the deal is then already completed and the
 * rating, optional, follows from the same place: the chat's deal panel or the buyer's request card).
 */
export function CompletionForm({
  requestId,
  complete,
  verified = false,
}: {
  requestId: string;
  complete: CompleteCall;
  verified?: boolean;
}) {
  const [purchased, setPurchased] = useState(false);
  // Once the shop verified the pickup code at its till, the purchase is proven: the rating is asked at once.
  if (!purchased && !verified) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-700">{DEAL_MESSAGES.purchasedPrompt}</p>
        <Button onClick={() => setPurchased(true)}>{DEAL_MESSAGES.purchasedButton}</Button>
      </div>
    );
  }
  return (
    <RatingForm
      requestId={requestId}
      call={complete}
      verified={verified}
      onCancel={() => setPurchased(false)}
    />
  );
}

function RatingForm({
  requestId,
  call,
  verified,
  onCancel,
}: {
  requestId: string;
  call: CompleteCall;
  verified: boolean;
  onCancel: () => void;
}) {
  const complete = useCompleteTransaction(requestId, call);
  const proven = useEmailProven();
  const [rating, setRating] = useState<Rating | null>(null);
  const [feedback, setFeedback] = useState("");
  const [ratingError, setRatingError] = useState<string | null>(null);
  const [feedbackError, setFeedbackError] = useState<string | null>(null);
  const starsRef = useRef<HTMLDivElement>(null);
  const feedbackRef = useRef<HTMLTextAreaElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateRatingForm({ rating: rating ?? undefined, feedback });
    // Each error shows at its field, which gets the focus.
    setRatingError(rating === null && !checked.ok ? checked.message : null);
    setFeedbackError(rating !== null && !checked.ok ? checked.message : null);
    if (!checked.ok) {
      if (rating === null) starsRef.current?.querySelector<HTMLInputElement>("input")?.focus();
      else feedbackRef.current?.focus();
      return;
    }
    complete.mutate(checked.data);
  };

  // Sent: the panel shows the answer (rating-outcome.tsx) until the request reads completed.
  if (complete.isSuccess) return null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Completa la transazione">
      {proven || verified ? null : (
        <div className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <p>{RATING_PROOF_COPY.beforeRating}</p>
          <EmailProofButton />
        </div>
      )}
      <div ref={starsRef}>
        <RatingStars
          value={rating}
          onChange={(value) => {
            setRating(value);
            setRatingError(null);
          }}
          label={DEAL_MESSAGES.ratingLegend}
          disabled={complete.isPending}
        />
        <Link
          to={paths.reviewsPolicy.getHref()}
          className="focus-ring rounded text-sm text-brand-800 underline mt-1 inline-block"
        >
          {LEGAL_LINK_LABELS.reviews}
        </Link>
      </div>
      {ratingError ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {ratingError}
        </p>
      ) : null}
      <Field label="Commento (facoltativo)" error={feedbackError}>
        <Textarea
          ref={feedbackRef}
          value={feedback}
          onChange={(event) => setFeedback(event.target.value)}
          rows={2}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={complete.isPending}>
          {DEAL_MESSAGES.completeButton}
        </Button>
        {verified ? null : (
          <Button variant="secondary" onClick={onCancel} disabled={complete.isPending}>
            {DEAL_MESSAGES.notYet}
          </Button>
        )}
      </div>
    </form>
  );
}
