import { EmailProofButton } from "@/components/account/email-proof-button";
import type { UserType } from "@/domain/core/user-type";
import { EMAIL_PROOF_STEP } from "@/domain/people/email-proof-messages";
import { useEmailProven } from "@/lib/email-proof";

/**
 * Whether the account proved its e-mail and, if not, what the proof gives and the one-tap link: the step
 * shops take before verification, here for everyone (a buyer's ratings count only once it is done).
 */
export function EmailStatus({ userType }: { userType: UserType }) {
  const proven = useEmailProven();
  if (proven) return <span className="font-medium text-emerald-800">{EMAIL_PROOF_STEP.statusConfirmed}</span>;
  return (
    <div className="space-y-2 whitespace-normal">
      <p className="font-medium text-amber-900">{EMAIL_PROOF_STEP.statusPending}</p>
      <p className="text-sm text-slate-700">
        {userType === "merchant" ? EMAIL_PROOF_STEP.merchantWhy : EMAIL_PROOF_STEP.buyerWhy}
      </p>
      <EmailProofButton />
    </div>
  );
}
