import { CheckIcon } from "@/components/ui/icons";
import {
  ALGO_PROGRESS_FIELDS,
  type AlgoExtractedData,
  type AlgoProgressField,
  algoProgress,
  collectedFields,
  isAlmostComplete,
} from "@/domain/algo/algo";
import { ALGO_MESSAGES } from "@/domain/algo/algo-messages";
import { FIELD_LABELS, PROGRESS_BAR_LABEL, PROGRESS_TITLE } from "./progress-labels";

const LABELS: Record<AlgoProgressField, string> = FIELD_LABELS;

/**
 * What Algo has understood so far (spec §2 create page), as a strip that fits above the conversation
 * on a phone: the bar and the fields as small chips.
 */
export function ProgressCard({ data }: { data: AlgoExtractedData }) {
  const collected = new Set(collectedFields(data));
  const percent = Math.round(algoProgress(data) * 100);
  return (
    <section
      aria-labelledby="progress-title"
      className="space-y-1.5 rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-sm"
    >
      <div className="flex items-center gap-2">
        <h2 id="progress-title" className="text-sm font-semibold text-slate-900">
          {PROGRESS_TITLE}
        </h2>
        <div
          role="progressbar"
          aria-label={PROGRESS_BAR_LABEL}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
        <span aria-hidden="true" className="text-xs text-slate-600">
          {percent}%
        </span>
      </div>
      <ul className="flex flex-wrap gap-x-2 gap-y-0.5 text-xs" aria-label="Informazioni raccolte">
        {ALGO_PROGRESS_FIELDS.map((name) => {
          const done = collected.has(name);
          return (
            <li
              key={name}
              className={
                done ? "flex items-center gap-0.5 text-slate-900" : "flex items-center gap-0.5 text-slate-600"
              }
            >
              {done ? (
                <CheckIcon className="size-3.5 text-green-700" aria-hidden="true" />
              ) : (
                <span aria-hidden="true">·</span>
              )}
              {LABELS[name]}
              <span className="sr-only">{done ? " (raccolto)" : " (mancante)"}</span>
            </li>
          );
        })}
      </ul>
      {isAlmostComplete(data) && percent < 100 ? (
        <p className="text-xs font-medium text-green-800">{ALGO_MESSAGES.almostComplete}</p>
      ) : null}
    </section>
  );
}
