import { z } from "zod";
import { dateSchema } from "../core/fields.ts";
import { LEGAL_DOCUMENTS } from "./legal.ts";

/** What a sign-up stores: the versions the user accepted (terms) and acknowledged (privacy), and when. */
export const consentSchema = z.object({
  termsVersion: z.string().max(20),
  privacyVersion: z.string().max(20),
  acceptedAt: dateSchema,
});
export type Consent = z.infer<typeof consentSchema>;

/** The consent record of a sign-up made now, with the current versions. */
export function currentConsent<Time>(now: () => Time) {
  return {
    termsVersion: LEGAL_DOCUMENTS.terms.version,
    privacyVersion: LEGAL_DOCUMENTS.privacy.version,
    acceptedAt: now(),
  };
}
