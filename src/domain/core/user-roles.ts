import { DEVICE_STORAGE_KEYS } from "./device-storage.ts";

/**
 * The two account types, without zod: code in the entry chunk (the route guard's return state) reads
 * them, and the marketing pages must not download zod (scripts/size.mjs). user-type.ts builds the schema.
 */
export const USER_TYPES = ["customer", "merchant"] as const;
export type UserType = (typeof USER_TYPES)[number];

export function isUserType(value: unknown): value is UserType {
  return (USER_TYPES as readonly unknown[]).includes(value);
}

/** Pending type default when nothing is stored (spec §4). */
export const DEFAULT_USER_TYPE: UserType = "customer";

/** Local-storage key of the pending account type chosen on the marketing pages. */
export const PENDING_USER_TYPE_STORAGE_KEY = DEVICE_STORAGE_KEYS.pendingUserType;

/** Parses anything (e.g. a local-storage value) into a user type, falling back to the default. */
export function parseUserType(value: unknown): UserType {
  return isUserType(value) ? value : DEFAULT_USER_TYPE;
}

/** Badge text on the auth screen (spec §2); /auth's static frame shows it too. */
export const USER_TYPE_ACCESS_LABEL: Record<UserType, string> = {
  customer: "Accesso Acquirente",
  merchant: "Accesso Negoziante",
};

/**
 * What /auth says to a visitor a guard sent there: the page they wanted needs an account, and which
 * kind (a shop page → a merchant account).
 */
export const CONTINUE_AFTER_SIGN_IN = {
  title: "Accedi per continuare",
  reason: {
    customer: "La pagina che hai aperto è nell'area acquirenti: accedi o crea un account gratuito.",
    merchant: "La pagina che hai aperto è nell'area negozianti: accedi o crea un account negoziante.",
  } satisfies Record<UserType, string>,
  generic: "La pagina che hai aperto richiede un account: accedi o registrati.",
} as const;

/** Assistant name per role (welcome e-mail, merchant dashboard label). */
export const ASSISTANT_NAME: Record<UserType, string> = {
  customer: "Clemente",
  merchant: "Leonardo",
};
