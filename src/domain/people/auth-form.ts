import { z } from "zod";
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from "../core/common-messages.ts";
import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../core/limits.ts";
import { invalid, stringField, type ValidationResult, valid } from "../core/validation.ts";

/** Modes of the /auth screen (spec §2, §4). */
export const AUTH_MODES = ["login", "register", "reset", "magic"] as const;
export const authModeSchema = z.enum(AUTH_MODES);
export type AuthMode = z.infer<typeof authModeSchema>;

/** Where the screen goes after a successful submit: reset returns to login, magic stays. */
export function authModeAfterSuccess(mode: AuthMode): AuthMode {
  return mode === "reset" ? "login" : mode;
}

/** The auth form's state (spec §3); every field is a plain string, empty when untouched. */
export const authFormSchema = z.object({
  email: z.string(),
  password: z.string(),
  displayName: z.string(),
  confirmPassword: z.string(),
});
export type AuthForm = z.infer<typeof authFormSchema>;
export const EMPTY_AUTH_FORM: AuthForm = { email: "", password: "", displayName: "", confirmPassword: "" };

const emailFormat = z.email();

export function isValidEmail(value: unknown): value is string {
  return typeof value === "string" && emailFormat.safeParse(value.trim()).success;
}

export type RegisterData = { email: string; password: string; displayName: string };
export type LoginData = { email: string; password: string };
export type EmailData = { email: string };

/**
 * Register. Checks run in the order the user meets them: required fields (the browser's `required`),
 * e-mail format (the browser's `type=email`), then the spec's checks: name not blank after trimming,
 * password length, passwords match.
 */
export function validateRegisterForm(input: unknown): ValidationResult<RegisterData> {
  const email = stringField(input, "email").trim();
  const password = stringField(input, "password");
  const confirmPassword = stringField(input, "confirmPassword");
  const rawName = stringField(input, "displayName");
  if (!email || !password || !confirmPassword || !rawName) return invalid(VALIDATION_MESSAGES.requiredFields);
  if (!isValidEmail(email)) return invalid(VALIDATION_MESSAGES.invalidEmail);
  const displayName = rawName.trim();
  if (!displayName) return invalid(VALIDATION_MESSAGES.nameRequired);
  if (displayName.length > DISPLAY_NAME_MAX_LENGTH) return invalid("Il nome è troppo lungo");
  if (password.length < PASSWORD_MIN_LENGTH) return invalid(VALIDATION_MESSAGES.passwordTooShort);
  if (password !== confirmPassword) return invalid(VALIDATION_MESSAGES.passwordsDoNotMatch);
  return valid({ email, password, displayName });
}

/** Login: e-mail and password required, e-mail well formed. */
export function validateLoginForm(input: unknown): ValidationResult<LoginData> {
  const email = stringField(input, "email").trim();
  const password = stringField(input, "password");
  if (!email || !password) return invalid(VALIDATION_MESSAGES.requiredFields);
  if (!isValidEmail(email)) return invalid(VALIDATION_MESSAGES.invalidEmail);
  return valid({ email, password });
}

/** Reset and magic modes ask only for the e-mail. */
export function validateEmailForm(input: unknown): ValidationResult<EmailData> {
  const email = stringField(input, "email").trim();
  if (!email) return invalid(VALIDATION_MESSAGES.requiredFields);
  if (!isValidEmail(email)) return invalid(VALIDATION_MESSAGES.invalidEmail);
  return valid({ email });
}

export const validateResetForm = validateEmailForm;
export const validateMagicForm = validateEmailForm;

/** Validates the form of any mode. */
export function validateAuthForm(
  mode: AuthMode,
  input: unknown,
): ValidationResult<RegisterData | LoginData | EmailData> {
  switch (mode) {
    case "register":
      return validateRegisterForm(input);
    case "login":
      return validateLoginForm(input);
    case "reset":
    case "magic":
      return validateEmailForm(input);
  }
}

/** The magic-link page's `token` query parameter. */
export function validateMagicLinkToken(token: unknown): ValidationResult<string> {
  if (typeof token !== "string" || token.trim() === "") return invalid(ERROR_MESSAGES.magicLinkMissingToken);
  return valid(token.trim());
}
