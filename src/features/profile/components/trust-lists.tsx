import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { DECISION_MESSAGES, groundLabels } from "@/domain/people/decisions";
import { REPORT_KIND_LABELS, REPORT_REASON_LABELS, REPORT_STATUS } from "@/domain/people/moderation";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { useMyBlocks, useMyReports, useUnblock } from "../api/privacy";

const dateFormat = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric" });

/** The reports the user filed and what the admin decided: the in-app half of being told the outcome. */
export function MyReports({ uid }: { uid: string }) {
  const reports = useMyReports(uid);
  if (reports.isPending) return <Spinner label="Caricamento delle segnalazioni…" />;
  if (!reports.data?.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Le tue segnalazioni</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-4">
          {reports.data.map((report) => (
            <li key={report.id} className="space-y-1 border-b border-slate-100 pb-3 last:border-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">
                  {REPORT_KIND_LABELS[report.kind]} · {REPORT_REASON_LABELS[report.reason]}
                </span>
                <Badge tone={report.status === REPORT_STATUS.open ? "warning" : "success"}>
                  {report.status === REPORT_STATUS.open ? "In esame" : "Gestita"}
                </Badge>
              </div>
              <p className="text-xs text-slate-600">Inviata il {dateFormat.format(report.createdAt)}</p>
              {report.outcome ? <p className="text-sm text-slate-800">{report.outcome}</p> : null}
              {report.grounds?.length ? (
                <p className="text-sm text-slate-700">
                  {DECISION_MESSAGES.groundsLabel}: {groundLabels(report.grounds)}
                  {report.reasonText ? `. ${report.reasonText}` : ""}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The people the user blocked, each with 'Sblocca'. */
export function MyBlocks({ uid }: { uid: string }) {
  const blocks = useMyBlocks(uid);
  const unblock = useUnblock(uid);
  if (blocks.isPending || !blocks.data?.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Persone bloccate</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {blocks.data.map((block) => (
            <li key={block.blockedId} className="flex items-center justify-between gap-3">
              <span className="text-slate-900">{block.blockedName || MODERATION_MESSAGES.unnamedUser}</span>
              <Button
                variant="secondary"
                size="sm"
                loading={unblock.isPending && unblock.variables === block.blockedId}
                onClick={() => unblock.mutate(block.blockedId)}
              >
                Sblocca
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
