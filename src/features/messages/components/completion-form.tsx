import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { DEFAULT_RATING, type Rating, validateRatingForm } from "@/domain/rating";
import { useCompleteTransaction } from "../api/deals";
import { RatingStars } from "./rating-stars";

/** After acceptance: the buyer rates the merchant (1-5, default 5, comment optional) and completes. */
export function CompletionForm({ requestId }: { requestId: string }) {
  const complete = useCompleteTransaction();
  const [rating, setRating] = useState<Rating>(DEFAULT_RATING);
  const [feedback, setFeedback] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateRatingForm({ rating, feedback });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    complete.mutate({ requestId, ...checked.data });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="Completa la transazione">
      <RatingStars
        value={rating}
        onChange={setRating}
        label="Valuta il negoziante"
        disabled={complete.isPending}
      />
      <Field label="Commento (facoltativo)" error={error}>
        <Textarea value={feedback} onChange={(event) => setFeedback(event.target.value)} rows={2} />
      </Field>
      <Button type="submit" loading={complete.isPending}>
        Completa transazione
      </Button>
    </form>
  );
}
