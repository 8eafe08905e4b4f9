import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DECISION_MESSAGES,
  type DecisionReasons,
  decisionReasonsSchema,
  groundLabels,
} from "@/domain/people/decisions";
import {
  type AdminReport,
  actionsFor,
  MODERATION_ACTION_LABELS,
  type ModerationAction,
  REPORT_KIND_LABELS,
  REPORT_REASON_LABELS,
  REPORT_STATUS,
} from "@/domain/people/moderation";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { DecisionReasonsFields } from "./decision-reasons";

const when = new Intl.DateTimeFormat("it-IT", { dateStyle: "medium", timeStyle: "short" });

/**
 * One report in the queue: what, why, about whom, and the admin's possible decisions, each sent with
 * its grounds and words (told to the reporter and the person reported).
 */
export function ReportCard({
  report,
  busyAction,
  onDecide,
}: {
  report: AdminReport;
  /** The decision being sent for this report, if any. */
  busyAction: ModerationAction | null;
  onDecide: (action: ModerationAction, reasons: DecisionReasons) => void;
}) {
  const open = report.status === REPORT_STATUS.open;
  const [grounds, setGrounds] = useState<string[]>([]);
  const [reasonText, setReasonText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const decide = (action: ModerationAction) => {
    const parsed = decisionReasonsSchema.safeParse({ grounds, reasonText });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onDecide(action, parsed.data);
  };
  const headingId = `report-${report.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="font-semibold text-slate-900">
          {REPORT_KIND_LABELS[report.kind]} · {REPORT_REASON_LABELS[report.reason]}
        </h2>
        <Badge tone={open ? "warning" : "success"}>{open ? "Da esaminare" : "Gestita"}</Badge>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-600">Segnalato</dt>
        <dd className="flex flex-wrap items-center gap-2 text-slate-900">
          {report.reportedName}
          {report.reportedSuspended ? (
            <Badge tone="danger">{MODERATION_MESSAGES.suspendedAccount}</Badge>
          ) : null}
        </dd>
        <dt className="text-slate-600">Ricevuta il</dt>
        <dd className="text-slate-900">{when.format(report.createdAt)}</dd>
        {report.excerpt ? (
          <>
            <dt className="text-slate-600">Contenuto</dt>
            <dd className="text-slate-900">
              <blockquote className="border-l-2 border-slate-300 pl-3 italic">{report.excerpt}</blockquote>
            </dd>
          </>
        ) : null}
        {report.text ? (
          <>
            <dt className="text-slate-600">Descrizione</dt>
            <dd className="text-slate-900">{report.text}</dd>
          </>
        ) : null}
        {report.action ? (
          <>
            <dt className="text-slate-600">Decisione</dt>
            <dd className="text-slate-900">{MODERATION_ACTION_LABELS[report.action]}</dd>
          </>
        ) : null}
        {report.grounds?.length ? (
          <>
            <dt className="text-slate-600">{DECISION_MESSAGES.groundsLabel}</dt>
            <dd className="text-slate-900">
              {groundLabels(report.grounds)}
              {report.reasonText ? ` · ${report.reasonText}` : ""}
            </dd>
          </>
        ) : null}
      </dl>
      {open ? (
        <DecisionReasonsFields
          idPrefix={headingId}
          grounds={grounds}
          onGrounds={setGrounds}
          reasonText={reasonText}
          onReasonText={setReasonText}
          error={error}
        />
      ) : null}
      {open ? (
        <div className="flex flex-wrap gap-2">
          {actionsFor(report.kind).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={
                action === "suspend_user" ? "destructive" : action === "dismiss" ? "secondary" : "primary"
              }
              loading={busyAction === action}
              disabled={busyAction !== null}
              onClick={() => decide(action)}
            >
              {MODERATION_ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
      ) : null}
    </article>
  );
}
