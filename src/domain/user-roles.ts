/**
 * The two account types, without zod: code in the entry chunk (the route guard's return state) reads
 * them, and the marketing pages must not download zod (scripts/size.mjs). user-type.ts builds the schema.
 */
export const USER_TYPES = ["customer", "merchant"] as const;
export type UserType = (typeof USER_TYPES)[number];

export function isUserType(value: unknown): value is UserType {
  return (USER_TYPES as readonly unknown[]).includes(value);
}
