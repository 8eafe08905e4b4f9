import { z } from "zod";

/** Reads MailDev's REST API (`GET /email`), where every e-mail the functions send arrives. */

const addressSchema = z.object({ address: z.string(), name: z.string().optional() });

export const emailSchema = z.object({
  id: z.string(),
  subject: z.string().default(""),
  from: z.array(addressSchema).default([]),
  to: z.array(addressSchema).default([]),
  text: z.string().optional(),
  html: z.string().optional(),
  date: z.string().optional(),
});
export type Email = z.infer<typeof emailSchema>;

export class MailInbox {
  constructor(readonly origin: string) {}

  /** Every e-mail received, oldest first. */
  async all(): Promise<Email[]> {
    const response = await fetch(`${this.origin}/email`);
    if (!response.ok) throw new Error(`MailDev GET /email: ${response.status}`);
    return z.array(emailSchema).parse(await response.json());
  }

  /** E-mails sent to `address` (case-insensitive). */
  async to(address: string): Promise<Email[]> {
    const wanted = address.toLowerCase();
    return (await this.all()).filter((email) => email.to.some((to) => to.address.toLowerCase() === wanted));
  }

  async clear(): Promise<void> {
    const response = await fetch(`${this.origin}/email/all`, { method: "DELETE" });
    if (!response.ok) throw new Error(`MailDev DELETE /email/all: ${response.status}`);
  }

  /** Polls until an e-mail satisfies `predicate` (e-mail is sent asynchronously by the functions). */
  async waitFor(predicate: (email: Email) => boolean, timeoutMs = 15_000): Promise<Email> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = (await this.all()).find(predicate);
      if (match) return match;
      if (Date.now() > deadline) throw new Error(`Nessuna e-mail attesa arrivata entro ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
