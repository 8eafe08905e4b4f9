import { createTransport, type Transporter } from "nodemailer";
import { type SmtpConfig, smtpConfig } from "./config";
import { type EmailTemplate, renderEmail } from "./templates";

/** Something that delivers one rendered e-mail; rejects when the message was not accepted. */
export interface MailTransport {
  send(message: OutgoingEmail): Promise<void>;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe of the notification e-mails). */
  headers?: Record<string, string>;
}

/** Renders one of the fixed templates for `to` (the only way our functions build an e-mail). */
export function composeEmail(to: string, template: EmailTemplate): OutgoingEmail {
  return { to, ...renderEmail(template) };
}

let cached: { key: string; transporter: Transporter } | undefined;

/** One nodemailer transporter (a connection per message) per SMTP configuration, re-created when it changes. */
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
