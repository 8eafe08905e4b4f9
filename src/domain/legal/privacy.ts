import { z } from "zod";
import { PRODUCT_NAME } from "../core/product.ts";

/**
 * The user's own data tools (GDPR art. 15, 17, 20): exportMyData answers a JSON of everything about the
 * caller; deleteMyAccount erases the account after a recent sign-in.
 */

/** deleteMyAccount needs a sign-in at most this old (the ID token's auth_time). */
export const REAUTH_MAX_AGE_SECONDS = 5 * 60;

/** Whether an ID token's auth_time (seconds) is recent enough to delete the account at `now`. */
export function isRecentSignIn(authTimeSeconds: number | undefined, now: Date): boolean {
  if (typeof authTimeSeconds !== "number" || !Number.isFinite(authTimeSeconds)) return false;
  const age = now.getTime() / 1000 - authTimeSeconds;
  return age >= -60 && age <= REAUTH_MAX_AGE_SECONDS;
}

/** The sections of the export, in the file's order. */
export const EXPORT_SECTIONS = [
  "account",
  "publicProfile",
  "requests",
  "offers",
  "conversations",
  "ratingsGiven",
  "ratingsReceived",
  "tokenLedger",
  "algoConversations",
  "reports",
  "blocks",
  "notifications",
  "notificationSettings",
] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

export const exportMyDataInputSchema = z.object({}).strict();
export const exportMyDataOutputSchema = z.object({
  fileName: z.string(),
  exportedAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type ExportMyDataOutput = z.infer<typeof exportMyDataOutputSchema>;

/** vicino-dati-2026-11-25.json */
export function exportFileName(now: Date): string {
  return `${PRODUCT_NAME.toLowerCase()}-dati-${now.toISOString().slice(0, 10)}.json`;
}

export const deleteMyAccountInputSchema = z.object({}).strict();
export const deleteMyAccountOutputSchema = z.object({ deleted: z.literal(true) });
export type DeleteMyAccountOutput = z.infer<typeof deleteMyAccountOutputSchema>;
