import { Button } from "@/components/ui/button";
import { EMAIL_PROOF_COPY, proofLinkSent } from "@/domain/email-proof-messages";
import { useSession } from "@/lib/session/session-provider";
import { useResendProofLink } from "../api/proof-link";

/**
 * On a request held until the buyer proves their e-mail (status awaiting_email): why the shops do not
 * see it yet, and the proof link again in one tap.
 */
export function EmailProofNote({ productName }: { productName: string }) {
  const { user, userData } = useSession();
  const email = userData?.email ?? user?.email ?? "";
  const send = useResendProofLink();
  return (
    <div className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
      <p>{EMAIL_PROOF_COPY.heldWhy}</p>
      <p>{EMAIL_PROOF_COPY.heldAlgoCap}</p>
      <Button size="sm" variant="secondary" loading={send.isPending} onClick={() => send.mutate(email)}>
        {EMAIL_PROOF_COPY.resend}
        <span className="sr-only"> per «{productName}»</span>
      </Button>
      {send.isSuccess ? (
        <p role="status" className="font-medium break-words">
          {proofLinkSent(email)}
        </p>
      ) : null}
    </div>
  );
}
