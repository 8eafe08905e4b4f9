import { defineSecret } from "firebase-functions/params";

/**
 * The SMTP credentials, in Secret Manager (`firebase functions:secrets:set SMTP_USER`), bound to every
 * function whose code reaches the SMTP transport through sizing.ts (`sendsMail`); a secret's value is the
 * environment variable of the same name at runtime. Only smtp-transport.ts reads them, so a module that
 * merely binds them (sizing.ts) does not count as reading them for deploy:check. On the emulators
 * functions/.secret.local gives them empty values (MailDev needs no login); docs/operations.md says how
 * to set and rotate them.
 */
export const smtpUser = defineSecret("SMTP_USER");
export const smtpPass = defineSecret("SMTP_PASS");
export const SMTP_SECRETS = [smtpUser, smtpPass] as const;
