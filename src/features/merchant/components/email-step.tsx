import { EmailProofButton } from "@/components/account/email-proof-button";
import { SHOP_VERIFICATION_COPY } from "@/domain/people/shop-verification-messages";
import { VerificationStep } from "./verification-step";

/**
 * Step 1: the shop proves its e-mail address (verifyShop refuses it otherwise). Done when Auth says the
 * address is verified or the account signs in with Google; else the magic link confirms it.
 */
export function EmailStep({ email, proven }: { email: string; proven: boolean }) {
  return (
    <VerificationStep number={1} title={SHOP_VERIFICATION_COPY.emailStep} done={proven}>
      {proven ? (
        <p className="text-sm break-words text-slate-700">
          <span className="font-medium text-emerald-800">{SHOP_VERIFICATION_COPY.emailConfirmed}:</span>{" "}
          {email}
        </p>
      ) : (
        <div className="space-y-3 text-slate-800">
          <p className="text-sm break-words text-slate-700">
            {SHOP_VERIFICATION_COPY.emailPending} ({email})
          </p>
          <EmailProofButton size="md" />
        </div>
      )}
    </VerificationStep>
  );
}
