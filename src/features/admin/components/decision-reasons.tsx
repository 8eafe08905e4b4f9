import { Textarea } from "@/components/ui/textarea";
import {
  DECISION_GROUND_LABELS,
  DECISION_GROUNDS,
  DECISION_MESSAGES,
  DECISION_TEXT_MAX_LENGTH,
} from "@/domain/people/decisions";

/** The grounds of a decision (a closed list, at least one) and the admin's words, before deciding. */
export function DecisionReasonsFields({
  idPrefix,
  grounds,
  onGrounds,
  reasonText,
  onReasonText,
  error,
}: {
  idPrefix: string;
  grounds: readonly string[];
  onGrounds: (grounds: string[]) => void;
  reasonText: string;
  onReasonText: (text: string) => void;
  error: string | undefined;
}) {
  const errorId = `${idPrefix}-grounds-error`;
  return (
    <div className="space-y-2">
      <fieldset aria-describedby={error ? errorId : undefined} className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">{DECISION_MESSAGES.groundsLabel}</legend>
        {DECISION_GROUNDS.map((ground) => (
          <label key={ground} className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={grounds.includes(ground)}
              onChange={(event) =>
                onGrounds(
                  event.target.checked ? [...grounds, ground] : grounds.filter((item) => item !== ground),
                )
              }
            />
            {DECISION_GROUND_LABELS[ground]}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <label htmlFor={`${idPrefix}-reason`} className="block text-sm font-medium text-slate-800">
        {DECISION_MESSAGES.reasonTextLabel}
      </label>
      <Textarea
        id={`${idPrefix}-reason`}
        value={reasonText}
        maxLength={DECISION_TEXT_MAX_LENGTH}
        onChange={(event) => onReasonText(event.target.value)}
      />
    </div>
  );
}
