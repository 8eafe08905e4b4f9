import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX_LENGTH,
  type ReportReason,
} from "@/domain/moderation";

export type ReportFormData = { reason: ReportReason; text?: string };

/**
 * 'Segnala': a reason from the list (radio buttons) and an optional description. The feature passes the
 * call in (`onSubmit`, reportContent) and what is reported, e.g. 'questo messaggio'.
 */
export function ReportDialog({
  open,
  onOpenChange,
  subject,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subject: string;
  pending: boolean;
  onSubmit: (data: ReportFormData) => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState("");
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    const trimmed = text.trim();
    onSubmit(trimmed ? { reason, text: trimmed } : { reason });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Segnala ${subject}`}
      description="La segnalazione arriva al nostro team, che la esamina e ti comunica l'esito. L'altra persona non saprà chi l'ha inviata."
    >
      <form id={formId} onSubmit={submit} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-900">Motivo</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex items-center gap-3 text-sm text-slate-800">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="focus-ring size-4 accent-brand-700"
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <Field label="Descrivi cosa è successo (facoltativo)">
          <Textarea
            value={text}
            maxLength={REPORT_TEXT_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
      </form>
      <DialogFooter>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Annulla
        </Button>
        <Button type="submit" form={formId} disabled={!reason} loading={pending}>
          Invia segnalazione
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
