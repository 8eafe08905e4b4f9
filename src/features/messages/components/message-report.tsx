import { type ReactNode, useState } from "react";
import type { ReportFormData } from "@/components/marketplace/report-dialog";
import { ReportDialogOnDemand } from "@/components/marketplace/report-dialog-on-demand";
import { useToast } from "@/components/ui/toast";
import type { Message } from "@/domain/marketplace/message";
import { MESSAGE_REPORT_TEXT, MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { useReport } from "@/lib/trust";

const MESSAGE_TARGET = [{ value: "message", label: MESSAGE_REPORT_TEXT.target }] as const;

/**
 * 'Segnala' on one message of the thread: the report names the conversation and the message, so the
 * team reads exactly what was written (reportContent keeps an excerpt of it). `open` is given to the
 * message list; `dialog` is rendered once next to it.
 */
export function useMessageReport(conversationId: string): {
  open: (message: Message) => void;
  dialog: ReactNode;
} {
  const [message, setMessage] = useState<Message | null>(null);
  const report = useReport();
  const { toast } = useToast();

  const send = ({ reason, text }: ReportFormData) => {
    if (!message) return;
    report.mutate(
      {
        kind: "conversation",
        targetId: conversationId,
        messageId: message.id,
        reason,
        ...(text ? { text } : {}),
      },
      {
        onSuccess: () => {
          setMessage(null);
          toast({ title: MODERATION_MESSAGES.reportSent });
        },
      },
    );
  };

  const dialog = (
    <ReportDialogOnDemand
      // A fresh form for each message reported.
      key={message?.id ?? "none"}
      open={message !== null}
      onOpenChange={(open) => {
        if (!open) setMessage(null);
      }}
      title={message ? MESSAGE_REPORT_TEXT.title(message.senderName) : MESSAGE_REPORT_TEXT.titleWithoutSender}
      targets={MESSAGE_TARGET}
      pending={report.isPending}
      onSubmit={send}
    />
  );
  return { open: setMessage, dialog };
}
