import { z } from "zod";
import { VALIDATION_MESSAGES } from "./common-messages.ts";

/** Small schema builders shared by the entity files. */

/** A Firestore document id (or user id). */
export const idSchema = z
  .string({ error: "Identificativo mancante" })
  .trim()
  .min(1, { error: "Identificativo mancante" })
  .max(128, { error: "Identificativo non valido" });

/** Dates are `Date` in the domain: the data layer converts Firestore Timestamps. */
export const dateSchema = z.date({ error: "Data non valida" });

/** Required text: trimmed, not empty, bounded. */
export function requiredText(max: number, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: `Il testo può contenere al massimo ${max} caratteri` });
}

/** Optional free text: trimmed, bounded; may be empty. */
export function optionalText(max: number) {
  return z
    .string({ error: "Testo non valido" })
    .trim()
    .max(max, { error: `Il testo può contenere al massimo ${max} caratteri` })
    .optional();
}

/** Longest URL a document may hold (the rules bound the same fields to 2,048 characters). */
export const URL_MAX_LENGTH = 2048;

/** An absolute https URL with a host and no credentials: never javascript:, data:, http: or relative. */
export function isHttpsUrl(value: string): boolean {
  if (!value.startsWith("https://")) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/** A URL field (imageUrl, photoURL): https only. */
export const httpsUrlSchema = z
  .string({ error: VALIDATION_MESSAGES.invalidUrl })
  .trim()
  .max(URL_MAX_LENGTH, { error: VALIDATION_MESSAGES.invalidUrl })
  .refine(isHttpsUrl, { error: VALIDATION_MESSAGES.invalidUrl });
