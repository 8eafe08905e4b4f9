import { z } from "zod";

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
