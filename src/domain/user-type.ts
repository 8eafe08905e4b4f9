import { z } from "zod";
import { DEVICE_STORAGE_KEYS } from "./device-storage.ts";

import { USER_TYPES, type UserType } from "./user-roles.ts";

export { isUserType, USER_TYPES, type UserType } from "./user-roles.ts";
export const userTypeSchema = z.enum(USER_TYPES) satisfies z.ZodType<UserType>;

/** Pending type default when nothing is stored (spec §4). */
export const DEFAULT_USER_TYPE: UserType = "customer";

/** Local-storage key of the pending account type chosen on the marketing pages. */
export const PENDING_USER_TYPE_STORAGE_KEY = DEVICE_STORAGE_KEYS.pendingUserType;

/** Parses anything (e.g. a local-storage value) into a user type, falling back to the default. */
export function parseUserType(value: unknown): UserType {
  const parsed = userTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_USER_TYPE;
}

/** Badge text on the auth screen (spec §2). */
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
