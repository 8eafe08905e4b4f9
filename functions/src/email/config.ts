import { defineSecret, defineString } from "firebase-functions/params";
import { z } from "zod";

/**
 * Configuration of the e-mail functions, read once per call and validated.
 *
 * The deployable values are params: `firebase deploy` reads them from functions/.env.<project> (or asks
 * for them). They have no default on purpose: a default pointing at the emulators (127.0.0.1) would be
 * deployed silently and send every link to localhost. On the emulators and in tests (handlers called
 * directly) the local values below apply; a deployed function with a missing or local value stops with
 * an error naming the param instead of sending (see `localFallback`).
 *
 * SMTP credentials are secrets (Secret Manager, `firebase functions:secrets:set SMTP_USER`), bound to
 * every function that sends mail through `SMTP_SECRETS`; a secret's value is the same environment
 * variable at runtime. On the emulators functions/.secret.local gives them empty values (MailDev needs
 * no login). docs/operations.md says how to set and rotate them.
 */

export const LOCAL_APP_URL = "http://127.0.0.1:5173";
export const LOCAL_MAIL_FROM = "Vicino <noreply@vicino.test>";
const LOCAL_SMTP_HOST = "127.0.0.1";
const LOCAL_SMTP_PORT = "1025";

/** A public https origin that is not this machine: what APP_URL must be for a real project. */
const PUBLIC_URL = "^https://(?!localhost|127\\.|\\[?::1)[^/]+";

export const appUrlParam = defineString("APP_URL", {
  description:
    "Origine pubblica dell'app (https://...): base dei link nelle email e unica origine CORS di /api/send-email",
  input: {
    text: {
      validationRegex: PUBLIC_URL,
      validationErrorMessage: "APP_URL deve essere un indirizzo https pubblico",
    },
  },
});
export const smtpHostParam = defineString("SMTP_HOST", {
  description: "Server SMTP (non 127.0.0.1 in produzione)",
});
export const smtpPortParam = defineString("SMTP_PORT", { description: "Porta SMTP (587 STARTTLS, 465 TLS)" });
export const smtpSecureParam = defineString("SMTP_SECURE", {
  default: "false",
  description: "true per SMTP su TLS implicito (porta 465)",
});
export const mailFromParam = defineString("MAIL_FROM", {
  description: "Mittente, es. Vicino <noreply@dominio.it>",
});

export const smtpUser = defineSecret("SMTP_USER");
export const smtpPass = defineSecret("SMTP_PASS");
/** Bind to every function whose code sends mail: `{ ...options, secrets: [...SMTP_SECRETS] }`. */
export const SMTP_SECRETS = [smtpUser, smtpPass] as const;

/** True in a deployed function (Cloud Run sets K_SERVICE), false on the emulators and in tests. */
export function isDeployedRuntime(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.K_SERVICE) && env.FUNCTIONS_EMULATOR !== "true";
}

/** Where the emulators' local value may stand in for a param; a deployed function must be configured. */
function localFallback(name: string, value: string, local: string): string {
  if (!isDeployedRuntime()) return value || local;
  if (!value)
    throw new Error(
      `${name} is not set for this project: add it to functions/.env.<project> and deploy again`,
    );
  if (/^(https?:\/\/)?(localhost|127\.|\[?::1)/.test(value)) {
    throw new Error(
      `${name} points at this machine (${value}), an emulator setting: set the project's value and deploy again`,
    );
  }
  return value;
}

const urlSchema = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ""));

/** The app's base URL without a trailing slash, e.g. `http://127.0.0.1:5173`. */
export function appUrl(): string {
  return urlSchema.parse(localFallback("APP_URL", appUrlParam.value(), LOCAL_APP_URL));
}

/** The app's origin, the only one allowed to call `/api/send-email` cross-origin. */
export function appOrigin(): string {
  return new URL(appUrl()).origin;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
  from: string;
}

const smtpConfigSchema = z.object({
  host: z.string().trim().min(1),
  port: z.coerce.number().int().min(1).max(65_535),
  secure: z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
  user: z.string().optional(),
  pass: z.string().optional(),
  from: z.string().trim().min(3),
});

export function smtpConfig(): SmtpConfig {
  const raw = smtpConfigSchema.parse({
    host: localFallback("SMTP_HOST", smtpHostParam.value(), LOCAL_SMTP_HOST),
    port: smtpPortParam.value() || LOCAL_SMTP_PORT,
    secure: (smtpSecureParam.value() || "false").toLowerCase(),
    user: smtpUser.value() || undefined,
    pass: smtpPass.value() || undefined,
    from: localFallback("MAIL_FROM", mailFromParam.value(), LOCAL_MAIL_FROM),
  });
  return {
    host: raw.host,
    port: raw.port,
    secure: raw.secure,
    ...(raw.user && raw.pass ? { auth: { user: raw.user, pass: raw.pass } } : {}),
    from: raw.from,
  };
}
