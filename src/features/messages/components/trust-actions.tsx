import { useState } from "react";
import { ReportDialog, type ReportFormData } from "@/components/marketplace/report-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { DELETED_USER_NAME, MODERATION_MESSAGES } from "@/domain/trust-messages";
import { useBlockedIds, useOtherProfile, useReport, useSetBlock } from "../api/trust";

/** 'Account sospeso' / 'Utente eliminato' next to the other participant's name. */
export function OtherStatus({ otherId }: { otherId: string }) {
  const profile = useOtherProfile(otherId);
  if (profile.data?.deleted) return <Badge tone="neutral">{DELETED_USER_NAME}</Badge>;
  if (profile.data?.suspended) return <Badge tone="danger">{MODERATION_MESSAGES.suspendedAccount}</Badge>;
  return null;
}

/** 'Segnala' (the conversation, or a message in it) and 'Blocca'/'Sblocca' the other participant. */
export function TrustActions({
  uid,
  conversationId,
  otherId,
}: {
  uid: string;
  conversationId: string;
  otherId: string;
}) {
  const [reporting, setReporting] = useState(false);
  const report = useReport();
  const blocked = useBlockedIds(uid);
  const block = useSetBlock(uid);
  const { toast } = useToast();
  const isBlocked = blocked.data?.has(otherId) ?? false;

  const send = (data: ReportFormData) =>
    report.mutate(
      { kind: "conversation", targetId: conversationId, ...data },
      {
        onSuccess: () => {
          setReporting(false);
          toast({ title: MODERATION_MESSAGES.reportSent });
        },
      },
    );
  const toggleBlock = () =>
    block.mutate(
      { userId: otherId, blocked: !isBlocked },
      {
        onSuccess: ({ blocked: now }) =>
          toast({ title: now ? MODERATION_MESSAGES.blocked : MODERATION_MESSAGES.unblocked }),
      },
    );

  return (
    <div className="ml-auto flex shrink-0 gap-1">
      <Button variant="ghost" size="sm" onClick={() => setReporting(true)}>
        Segnala
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={toggleBlock}
        loading={block.isPending}
        disabled={blocked.isPending}
      >
        {isBlocked ? "Sblocca" : "Blocca"}
      </Button>
      <ReportDialog
        open={reporting}
        onOpenChange={setReporting}
        subject="questa conversazione"
        pending={report.isPending}
        onSubmit={send}
      />
    </div>
  );
}
