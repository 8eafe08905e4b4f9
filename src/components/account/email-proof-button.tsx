import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { confirmLinkSent, EMAIL_PROOF_STEP } from "@/domain/people/email-proof-messages";
import { useSendProofLink } from "@/lib/email-proof";
import { useSession } from "@/lib/session/session-provider";

type EmailProofButtonProps = {
  label?: string;
  /** Said once the link is on its way. */
  sentMessage?: (email: string) => string;
  /** Read after the label by screen readers, when several such buttons share a page. */
  srSuffix?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/**
 * The one-tap proof of the signed-in account's e-mail: mails the magic link to the account's address
 * and says where it went. The same step for shops (verification) and buyers (/profile, the rating, a
 * held request).
 */
export function EmailProofButton({
  label = EMAIL_PROOF_STEP.sendLink,
  sentMessage = confirmLinkSent,
  srSuffix,
  variant = "secondary",
  size = "sm",
}: EmailProofButtonProps) {
  const { user, userData } = useSession();
  const email = userData?.email ?? user?.email ?? "";
  const send = useSendProofLink(userData?.userType ?? "customer");
  return (
    <div className="space-y-2">
      <Button size={size} variant={variant} loading={send.isPending} onClick={() => send.mutate(email)}>
        {label}
        {srSuffix ? <span className="sr-only"> {srSuffix}</span> : null}
      </Button>
      {send.isSuccess ? (
        <p role="status" className="text-sm font-medium break-words">
          {sentMessage(email)}
        </p>
      ) : null}
    </div>
  );
}
