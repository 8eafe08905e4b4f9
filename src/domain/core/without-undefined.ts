/**
 * Drops `undefined` fields, deeply (plain objects only): Firestore refuses them, and zod keeps an
 * optional key that was given as undefined. Every document builder passes its input through this.
 */
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
