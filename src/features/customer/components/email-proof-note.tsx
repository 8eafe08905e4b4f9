import { EmailProofButton } from "@/components/account/email-proof-button";
import { EMAIL_PROOF_COPY, proofLinkSent } from "@/domain/people/email-proof-messages";

/**
 * On a request held until the buyer proves their e-mail (status awaiting_email): why the shops do not
 * see it yet, and the proof link again in one tap.
 */
export function EmailProofNote({ productName }: { productName: string }) {
  return (
    <div className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
      <p>{EMAIL_PROOF_COPY.heldWhy}</p>
      <p>{EMAIL_PROOF_COPY.heldAlgoCap}</p>
      <EmailProofButton
        label={EMAIL_PROOF_COPY.resend}
        sentMessage={proofLinkSent}
        srSuffix={`per «${productName}»`}
      />
    </div>
  );
}
