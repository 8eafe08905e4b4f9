import { type FormEvent, useState } from "react";
import { ReportDialogOnDemand } from "@/components/marketplace/report-dialog-on-demand";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { useToast } from "@/components/ui/toast";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import type { Review } from "@/domain/people/review-answer";
import {
  answerEditable,
  REVIEW_ANSWER_MAX_LENGTH,
  REVIEW_MESSAGES,
  reviewAnswerTextSchema,
} from "@/domain/people/review-answer";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { useReport } from "@/lib/trust";
import { useAnswerReview } from "../api/shop-page";

/** 'Risposta del negozio' under a review, and for the shop itself the form to write or change it. */
export function ReviewAnswer({ review, shopId, own }: { review: Review; shopId: string; own: boolean }) {
  const [editing, setEditing] = useState(false);
  const editable = own && answerEditable(review.answer, new Date());
  return (
    <div className="space-y-2">
      {review.answer && !editing ? (
        <div className="ml-3 border-l-2 border-brand-200 pl-3">
          <p className="text-sm font-medium text-slate-900">{REVIEW_MESSAGES.answerTitle}</p>
          <p className="break-words text-sm text-slate-800">{review.answer.text}</p>
        </div>
      ) : null}
      {editable && !editing ? (
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          {review.answer ? REVIEW_MESSAGES.editAnswerAction : REVIEW_MESSAGES.answerAction}
          <span className="sr-only"> alla recensione di {review.buyerFirstName}</span>
        </Button>
      ) : null}
      {editable && editing ? (
        <AnswerForm review={review} shopId={shopId} onDone={() => setEditing(false)} />
      ) : null}
    </div>
  );
}

function AnswerForm({ review, shopId, onDone }: { review: Review; shopId: string; onDone: () => void }) {
  const [text, setText] = useState(review.answer?.text ?? "");
  const [error, setError] = useState<string | undefined>();
  const answer = useAnswerReview(shopId);
  const { toast } = useToast();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewAnswerTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ERROR_MESSAGES.generic);
      return;
    }
    setError(undefined);
    answer.mutate(
      { reviewId: review.id, text: parsed.data, first: !review.answer },
      {
        onSuccess: () => {
          toast({ title: REVIEW_MESSAGES.answerSaved });
          onDone();
        },
        onError: () => setError(REVIEW_MESSAGES.answerFailed),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <Field label={REVIEW_MESSAGES.answerLabel} hint={REVIEW_MESSAGES.answerHint} error={error} required>
        <Textarea
          value={text}
          maxLength={REVIEW_ANSWER_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={answer.isPending}>
          Pubblica la risposta
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Annulla
        </Button>
      </div>
    </form>
  );
}

/** 'Segnala recensione': the review, or the shop's answer to it (reportContent). */
export function ReportReview({ review, shopId }: { review: Review; shopId: string }) {
  const [open, setOpen] = useState(false);
  const report = useReport();
  const { toast } = useToast();
  const targets = [
    { value: "review", label: "La recensione" },
    ...(review.answer ? [{ value: "review_answer", label: REVIEW_MESSAGES.answerTitle }] : []),
  ];
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {REVIEW_MESSAGES.reportReview}
        <span className="sr-only"> di {review.buyerFirstName}</span>
      </Button>
      <ReportDialogOnDemand
        open={open}
        onOpenChange={setOpen}
        title={REVIEW_MESSAGES.reportReview}
        targets={targets}
        pending={report.isPending}
        onSubmit={({ target, reason, text }) =>
          report.mutate(
            {
              kind: target === "review_answer" ? "review_answer" : "review",
              targetId: review.id,
              shopId,
              reason,
              ...(text ? { text } : {}),
            },
            {
              onSuccess: () => {
                setOpen(false);
                toast({ title: MODERATION_MESSAGES.reportSent });
              },
            },
          )
        }
      />
    </>
  );
}
