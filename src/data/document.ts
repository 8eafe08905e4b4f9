/**
 * Firestore → domain values: Timestamps become Dates, deeply (plain objects and arrays only), so
 * the domain's zod schemas (which speak Date) can check what was read. Timestamps are recognised
 * by shape, because the full SDK and Firestore Lite each have their own Timestamp class.
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

/** Drops `undefined` fields, deeply: Firestore refuses them, zod keeps an optional key that was given. */
export function withoutUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  const entries = Object.entries(value)
    .filter(([, inner]) => inner !== undefined)
    .map(([key, inner]) => [
      key,
      inner !== null && typeof inner === "object" && Object.getPrototypeOf(inner) === Object.prototype
        ? withoutUndefined(inner as Record<string, unknown>)
        : inner,
    ]);
  return Object.fromEntries(entries) as Partial<T>;
}
