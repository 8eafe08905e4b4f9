import { defineString } from "firebase-functions/params";
import { z } from "zod";

/**
 * Configuration of the e-mail functions, read once per call and validated.
 *
 * The deployable values are params (`firebase deploy` asks for them or reads functions/.env; the
 * Functions emulator gets them from the environment `npm start` passes). A param's `.value()` is
 * `process.env[name]` at runtime and does not apply the declared default (the CLI does that when it
 * resolves params), so the defaults are applied here too: handlers called directly in tests see
 * the same values as in the emulator.
 *
 * SMTP credentials are optional (MailDev needs none) and never params: a param's value is
 * visible in the console. Where the SMTP server needs them, store SMTP_USER and SMTP_PASS in
 * Secret Manager and bind them to `sendEmail`, `createMagicLink` (`secrets: [...]`), which
 * exposes them as the same environment variables.
 */

export const APP_URL_DEFAULT = "http://127.0.0.1:5173";
export const MAIL_FROM_DEFAULT = "Vicino <noreply@vicino.test>";

export const appUrlParam = defineString("APP_URL", {
  default: APP_URL_DEFAULT,
  description: "Origine pubblica dell'app: base dei link nelle email e unica origine CORS di /api/send-email",
});
export const smtpHostParam = defineString("SMTP_HOST", { default: "127.0.0.1", description: "Server SMTP" });
export const smtpPortParam = defineString("SMTP_PORT", { default: "1025", description: "Porta SMTP" });
export const smtpSecureParam = defineString("SMTP_SECURE", {
  default: "false",
  description: "true per SMTP su TLS implicito (porta 465)",
});
export const mailFromParam = defineString("MAIL_FROM", {
  default: MAIL_FROM_DEFAULT,
  description: "Mittente",
});

const urlSchema = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ""));

/** The app's base URL without a trailing slash, e.g. `http://127.0.0.1:5173`. */
export function appUrl(): string {
  return urlSchema.parse(appUrlParam.value() || APP_URL_DEFAULT);
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
    host: smtpHostParam.value() || "127.0.0.1",
    port: smtpPortParam.value() || "1025",
    secure: (smtpSecureParam.value() || "false").toLowerCase(),
    user: process.env.SMTP_USER || undefined,
    pass: process.env.SMTP_PASS || undefined,
    from: mailFromParam.value() || MAIL_FROM_DEFAULT,
  });
  return {
    host: raw.host,
    port: raw.port,
    secure: raw.secure,
    ...(raw.user && raw.pass ? { auth: { user: raw.user, pass: raw.pass } } : {}),
    from: raw.from,
  };
}
