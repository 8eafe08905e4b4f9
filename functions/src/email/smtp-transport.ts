import { createTransport, type Transporter } from "nodemailer";
import { z } from "zod";
import {
  LOCAL_MAIL_FROM,
  LOCAL_SMTP_HOST,
  LOCAL_SMTP_PORT,
  localFallback,
  mailFromParam,
  smtpHostParam,
  smtpPortParam,
  smtpSecureParam,
} from "./config";
import type { MailTransport } from "./send";
import { smtpPass, smtpUser } from "./smtp-secrets";

/**
 * The SMTP transport: the only module that reads the SMTP secrets, so only the functions whose bundle
 * reaches it bind them (functions/src/lib/sizing.ts, checked by deploy:check). The request path never
 * imports it: callables stage notifications and hand their e-mails to the task queue
 * (notifications/email-queue.ts); the queue's function, the magic link and the few direct e-mails do.
 *
 * One pooled nodemailer transporter per instance and configuration: the task queue's function sends
 * many e-mails per instance, over a few reused connections instead of one connection per message.
 */
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

/** The SMTP server, port, TLS, credentials and sender, from the params and the bound secrets. */
export function smtpConfig(): SmtpConfig {
  const raw = smtpConfigSchema.parse({
    host: localFallback("SMTP_HOST", smtpHostParam.value(), LOCAL_SMTP_HOST),
    port: smtpPortParam.value() || LOCAL_SMTP_PORT,
    secure: (smtpSecureParam.value() || "false").toLowerCase(),
    // Unset (a test calling a handler directly, MailDev) reads as none, without the SDK's warning.
    user: process.env[smtpUser.name] === undefined ? undefined : smtpUser.value() || undefined,
    pass: process.env[smtpPass.name] === undefined ? undefined : smtpPass.value() || undefined,
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

/** Connections per instance: the mail task's concurrency is capped to match (sizing.ts). */
export const SMTP_POOL_CONNECTIONS = 3;

let cached: { key: string; transporter: Transporter } | undefined;

/** One pooled transporter per SMTP configuration, re-created when it changes. */
function transporterFor(config: SmtpConfig): Transporter {
  const key = JSON.stringify([config.host, config.port, config.secure, config.auth?.user ?? ""]);
  if (cached?.key !== key) {
    cached?.transporter.close();
    cached = {
      key,
      transporter: createTransport({
        host: config.host,
        port: config.port,
        secure: config.secure,
        ...(config.auth ? { auth: config.auth } : {}),
        pool: true,
        maxConnections: SMTP_POOL_CONNECTIONS,
        maxMessages: 100,
        // A local MailDev offers no TLS; a real server on 587 upgrades with STARTTLS when offered.
        ignoreTLS: !config.secure && isLoopback(config.host),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return cached.transporter;
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/** nodemailer over SMTP, configured from params/env at send time (MailDev locally). */
export const smtpTransport: MailTransport = {
  async send(message) {
    const config = smtpConfig();
    const info = await transporterFor(config).sendMail({ from: config.from, ...message });
    if (info.rejected.length > 0) {
      throw new Error(`SMTP server rejected ${info.rejected.length} recipient(s)`);
    }
  },
};
