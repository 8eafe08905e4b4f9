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
