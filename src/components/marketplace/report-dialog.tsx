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
} from "@/domain/people/moderation";

export type ReportFormData = { target: string; reason: ReportReason; text?: string };

/** Something that can be reported from here (e.g. the conversation, or the offer it is about). */
export type ReportTarget = { value: string; label: string };

/**
 * 'Segnala': what is reported (when there is a choice), a reason from the list (radio buttons) and an
 * optional description. The feature passes the call in (`onSubmit`, reportContent) and the targets.
 */
export function ReportDialog({
  open,
  onOpenChange,
  title,
  targets,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** At least one; a choice is shown when there are several, the first is preselected. */
  targets: readonly ReportTarget[];
  pending: boolean;
  onSubmit: (data: ReportFormData) => void;
}) {
  const [target, setTarget] = useState(targets[0]?.value ?? "");
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState("");
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    const trimmed = text.trim();
    onSubmit(trimmed ? { target, reason, text: trimmed } : { target, reason });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="La segnalazione arriva al nostro team, che la esamina e ti comunica l'esito. L'altra persona non saprà chi l'ha inviata."
    >
      <form id={formId} onSubmit={submit} className="space-y-4">
        {targets.length > 1 ? (
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-medium text-slate-900">Cosa vuoi segnalare?</legend>
            {targets.map((option) => (
              <label key={option.value} className="flex items-center gap-3 text-sm text-slate-800">
                <input
                  type="radio"
                  name="target"
                  value={option.value}
                  checked={target === option.value}
                  onChange={() => setTarget(option.value)}
                  className="focus-ring size-4 accent-brand-700"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        ) : null}
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
