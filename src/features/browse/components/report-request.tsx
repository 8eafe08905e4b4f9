import { useState } from "react";
import { ReportDialogOnDemand } from "@/components/marketplace/report-dialog-on-demand";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { useReport } from "@/lib/trust";

const TARGETS = [{ value: "request", label: "La richiesta" }] as const;

/** 'Segnala' on a request of the feed (reportContent, kind request). */
export function ReportRequest({ requestId, productName }: { requestId: string; productName: string }) {
  const [open, setOpen] = useState(false);
  const report = useReport();
  const { toast } = useToast();
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Segnala<span className="sr-only"> la richiesta {productName}</span>
      </Button>
      <ReportDialogOnDemand
        open={open}
        onOpenChange={setOpen}
        title={`Segnala la richiesta «${productName}»`}
        targets={TARGETS}
        pending={report.isPending}
        onSubmit={({ reason, text }) =>
          report.mutate(
            { kind: "request", targetId: requestId, reason, ...(text ? { text } : {}) },
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
