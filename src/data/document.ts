import type { DocumentData } from "firebase/firestore/lite";
import type { z } from "zod";
import { inSlices } from "./slices";

/**
 * Firestore document → domain value, for both SDKs (full and Lite): Timestamps become Dates, and the
 * result is checked with the domain's zod schema. A list never breaks on one bad document: a malformed
 * one is skipped with a warning (and reads as missing when asked for by id).
 */

/**
 * Timestamps become Dates, deeply (plain objects and arrays only), so the domain's zod schemas (which
 * speak Date) can check what was read. Timestamps are recognised by shape, because the full SDK and
 * Firestore Lite each have their own Timestamp class.
 */
function isTimestamp(value: object): value is { toDate: () => Date } {
  return (
    "toDate" in value &&
    typeof value.toDate === "function" &&
    "seconds" in value &&
    typeof value.seconds === "number" &&
    "nanoseconds" in value
  );
}

export function fromFirestoreValue(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (isTimestamp(value)) return value.toDate();
  if (Array.isArray(value)) return value.map(fromFirestoreValue);
  if (Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fromFirestoreValue(inner)]));
  }
  return value;
}

/**
 * The document's data (with `id` added when given) as the schema's value, or null with a warning
 * (`invalid`, e.g. "Richiesta r1 ignorata: dati non validi") when it does not match.
 */
export function parseDocument<T>(
  schema: z.ZodType<T>,
  data: DocumentData | undefined,
  id: string | null,
  invalid: string,
): T | null {
  const value = fromFirestoreValue(data ?? {});
  const parsed = schema.safeParse(id === null ? value : { ...(value as object), id });
  if (parsed.success) return parsed.data;
  console.warn(invalid, parsed.error.issues);
  return null;
}

/** Keeps the values a parser accepted (`parseDocument` returns null for the others). */
export function isPresent<T>(value: T | null): value is T {
  return value !== null;
}

/** A REST read's documents (./firestore-rest.ts) parsed in slices like a snapshot's; malformed ones left out. */
export async function parseRestDocuments<T>(
  documents: readonly { id: string; data: DocumentData }[],
  parseOne: (id: string, data: DocumentData) => T | null,
): Promise<T[]> {
  return (await inSlices(documents, ({ id, data }) => parseOne(id, data))).filter(isPresent);
}

/** One document a REST read brought (null: it does not exist), parsed by its collection's list parser. */
export const parseOneRestDocument =
  <T>(parseMany: (documents: readonly { id: string; data: DocumentData }[]) => Promise<T[]>) =>
  async (document: { id: string; data: DocumentData } | null): Promise<T | null> =>
    document ? ((await parseMany([document]))[0] ?? null) : null;
