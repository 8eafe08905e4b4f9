import { type FormEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { DEAL_MESSAGES } from "@/domain/deal-messages";
import { type Rating, validateRatingForm } from "@/domain/rating";
import { useCompleteTransaction } from "../api/deals";
import { RatingStars } from "./rating-stars";

/**
 * After acceptance the buyer first goes to the shop: the rating is asked only when they say they bought
 * ('Ho acquistato'), with no star preselected; sending it completes the deal (spec §4).
 */
export function CompletionForm({ requestId }: { requestId: string }) {
  const [purchased, setPurchased] = useState(false);
  if (!purchased) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-700">{DEAL_MESSAGES.purchasedPrompt}</p>
        <Button onClick={() => setPurchased(true)}>{DEAL_MESSAGES.purchasedButton}</Button>
      </div>
    );
  }
  return <RatingForm requestId={requestId} onCancel={() => setPurchased(false)} />;
}

function RatingForm({ requestId, onCancel }: { requestId: string; onCancel: () => void }) {
  const complete = useCompleteTransaction();
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
    complete.mutate({ requestId, ...checked.data });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Completa la transazione">
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
        <Button variant="secondary" onClick={onCancel} disabled={complete.isPending}>
          {DEAL_MESSAGES.notYet}
        </Button>
      </div>
    </form>
  );
}
