import { type ComponentProps, lazy, Suspense } from "react";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import type { ReportDialog } from "./report-dialog";

const LazyReportDialog = lazy(() =>
  import("./report-dialog").then((module) => ({ default: module.ReportDialog })),
);

/**
 * 'Segnala' as the chat and the feed open it: the dialog's code (the form, the reasons, the dialog
 * primitive) loads on the first tap, not with every chat and feed page. Closed, it renders nothing, as
 * the dialog itself does; its focus goes back to the button that opened it when it closes.
 */
export function ReportDialogOnDemand(props: ComponentProps<typeof ReportDialog>) {
  if (!props.open) return null;
  return (
    <Suspense
      fallback={
        <p role="status" className="sr-only">
          {MODERATION_MESSAGES.reportOpening}
        </p>
      }
    >
      <LazyReportDialog {...props} />
    </Suspense>
  );
}
