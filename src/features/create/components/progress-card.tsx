import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckIcon } from "@/components/ui/icons";
import {
  ALGO_PROGRESS_FIELDS,
  type AlgoExtractedData,
  type AlgoProgressField,
  algoProgress,
  collectedFields,
  isAlmostComplete,
} from "@/domain/algo";
import { ALGO_MESSAGES } from "@/domain/messages";

const FIELD_LABELS: Record<AlgoProgressField, string> = {
  productName: "Prodotto",
  category: "Categoria",
  budget: "Budget",
  urgency: "Urgenza",
  deliveryPreference: "Consegna o ritiro",
  location: "Posizione",
  condition: "Condizione",
};

/** What Algo has understood so far (spec §2 create page). */
export function ProgressCard({ data }: { data: AlgoExtractedData }) {
  const collected = new Set(collectedFields(data));
  const percent = Math.round(algoProgress(data) * 100);
  return (
    <Card>
      <CardHeader>
        <CardTitle>La tua richiesta</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div
          role="progressbar"
          aria-label="Completamento della richiesta"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
        <ul className="grid grid-cols-2 gap-1 text-sm" aria-label="Informazioni raccolte">
          {ALGO_PROGRESS_FIELDS.map((name) => {
            const done = collected.has(name);
            return (
              <li
                key={name}
                className={
                  done ? "flex items-center gap-1 text-slate-900" : "flex items-center gap-1 text-slate-600"
                }
              >
                {done ? (
                  <CheckIcon className="size-4 text-green-700" aria-hidden="true" />
                ) : (
                  <span aria-hidden="true" className="inline-block size-4 text-center">
                    ·
                  </span>
                )}
                {FIELD_LABELS[name]}
                <span className="sr-only">{done ? " (raccolto)" : " (mancante)"}</span>
              </li>
            );
          })}
        </ul>
        {isAlmostComplete(data) ? (
          <p className="rounded-lg bg-green-50 p-2 text-sm font-medium text-green-800">
            {ALGO_MESSAGES.almostComplete}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
