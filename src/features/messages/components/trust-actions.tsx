import { useState } from "react";
import type { ReportFormData, ReportTarget } from "@/components/marketplace/report-dialog";
import { ReportDialogOnDemand } from "@/components/marketplace/report-dialog-on-demand";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { type Conversation, otherParticipant } from "@/domain/marketplace/conversation";
import { DELETED_USER_NAME, MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { useBlockedIds, useReport } from "@/lib/trust";
import { useOtherProfile, useSetBlock } from "../api/trust";

/** 'Account sospeso' / 'Utente eliminato' next to the other participant's name. */
export function OtherStatus({ otherId }: { otherId: string }) {
  const profile = useOtherProfile(otherId);
  if (profile.data?.deleted) return <Badge tone="neutral">{DELETED_USER_NAME}</Badge>;
  if (profile.data?.suspended) return <Badge tone="danger">{MODERATION_MESSAGES.suspendedAccount}</Badge>;
  return null;
}

/**
 * 'Segnala' and 'Blocca'/'Sblocca' the other participant. From a chat one reports the conversation, or
 * what it is about: the offer (for the buyer) or the request (for the shop).
 */
export function TrustActions({ uid, conversation }: { uid: string; conversation: Conversation }) {
  const isBuyer = conversation.participants.customerId === uid;
  const otherId = otherParticipant(conversation, uid).id;
  const targets: ReportTarget[] = [
    { value: "conversation", label: "La conversazione" },
    isBuyer ? { value: "offer", label: "L'offerta ricevuta" } : { value: "request", label: "La richiesta" },
  ];
  const [reporting, setReporting] = useState(false);
  const report = useReport();
  const blocked = useBlockedIds(uid);
  const block = useSetBlock(uid);
  const { toast } = useToast();
  const isBlocked = blocked.data?.has(otherId) ?? false;

  const send = ({ target, ...data }: ReportFormData) =>
    report.mutate(
      target === "offer"
        ? { kind: "offer", targetId: conversation.offerId, ...data }
        : target === "request"
          ? { kind: "request", targetId: conversation.requestId, ...data }
          : { kind: "conversation", targetId: conversation.id, ...data },
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
      <ReportDialogOnDemand
        open={reporting}
        onOpenChange={setReporting}
        title="Segnala"
        targets={targets}
        pending={report.isPending}
        onSubmit={send}
      />
    </div>
  );
}
