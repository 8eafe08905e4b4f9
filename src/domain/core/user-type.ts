import { z } from "zod";

import { USER_TYPES, type UserType } from "./user-roles.ts";

export {
  ASSISTANT_NAME,
  CONTINUE_AFTER_SIGN_IN,
  DEFAULT_USER_TYPE,
  isUserType,
  PENDING_USER_TYPE_STORAGE_KEY,
  parseUserType,
  USER_TYPE_ACCESS_LABEL,
  USER_TYPES,
  type UserType,
} from "./user-roles.ts";
export const userTypeSchema = z.enum(USER_TYPES) satisfies z.ZodType<UserType>;
