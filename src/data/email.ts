import { z } from "zod";
import { sendEmailInputSchema } from "@/domain/boundary/callables";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";

/**
 * POST /api/send-email (spec §7): a Hosting rewrite to the sendEmail function in production, the
 * dev server's proxy locally. The server picks the recipient; `welcome` needs the caller's ID token.
 */
export const SEND_EMAIL_PATH = "/api/send-email";

const answerSchema = z.object({ ok: z.boolean(), error: z.string().optional() });

/** A refusal or failure of the endpoint; `message` is the server's Italian text when it gave one. */
export class SendEmailError extends Error {
  override name = "SendEmailError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** What a caller passes (`data` may be left out). */
export type SendEmailRequest = z.input<typeof sendEmailInputSchema>;

export async function sendEmail(input: SendEmailRequest, idToken?: string): Promise<void> {
  const body = sendEmailInputSchema.parse(input);
  const response = await fetch(SEND_EMAIL_PATH, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = answerSchema.safeParse(await response.json().catch(() => undefined));
  if (!response.ok || !answer.success || !answer.data.ok) {
    const message = answer.success ? answer.data.error : undefined;
    throw new SendEmailError(message ?? ERROR_MESSAGES.generic, response.status);
  }
}
