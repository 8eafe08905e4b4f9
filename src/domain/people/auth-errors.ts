/**
 * Firebase Auth error codes → the newer flow's Italian texts (spec §8). Codes are accepted with or
 * without the `auth/` prefix. `invalid-credential` (what current SDKs return for a wrong password or
 * an unknown e-mail when enumeration protection is on) reads as a wrong password.
 */

export const AUTH_ERROR_MESSAGES = {
  "user-not-found": "Utente non trovato. Controlla l'email inserita.",
  "wrong-password": "Password non corretta. Riprova.",
  "email-already-in-use": "Questa email è già registrata. Prova a fare il login.",
  "weak-password": "La password deve contenere almeno 6 caratteri.",
  "invalid-email": "Formato email non valido.",
  "user-disabled": "Questo account è stato disabilitato.",
  "too-many-requests": "Troppi tentativi. Riprova più tardi.",
  "popup-closed-by-user": "Login annullato dall'utente.",
  "network-request-failed": "Errore di connessione. Controlla la tua connessione internet.",
  other: "Errore di autenticazione. Riprova.",
} as const;

export type AuthErrorKey = keyof typeof AUTH_ERROR_MESSAGES;

/** Codes that mean the same thing as one of the spec's keys. */
const AUTH_CODE_ALIASES: Readonly<Record<string, AuthErrorKey>> = {
  "invalid-credential": "wrong-password",
  "invalid-login-credentials": "wrong-password",
  "invalid-password": "wrong-password",
  "missing-password": "wrong-password",
  "missing-email": "invalid-email",
  "cancelled-popup-request": "popup-closed-by-user",
  "user-cancelled": "popup-closed-by-user",
  "email-already-exists": "email-already-in-use",
  "credential-already-in-use": "email-already-in-use",
  "password-does-not-meet-requirements": "weak-password",
  timeout: "network-request-failed",
};

/** Strips the `auth/` prefix and maps aliases; unknown codes give `other`. */
export function authErrorKey(code: unknown): AuthErrorKey {
  if (typeof code !== "string") return "other";
  const bare = code
    .trim()
    .toLowerCase()
    .replace(/^auth\//, "");
  if (bare !== "other" && Object.hasOwn(AUTH_ERROR_MESSAGES, bare)) return bare as AuthErrorKey;
  return AUTH_CODE_ALIASES[bare] ?? "other";
}

/** The Italian text for a Firebase Auth code (with or without `auth/`). */
export function authErrorMessage(code: unknown): string {
  return AUTH_ERROR_MESSAGES[authErrorKey(code)];
}

/** Reads `.code` from anything thrown (a FirebaseError or a plain object). */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const { code } = error as { code: unknown };
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}

/** True for codes of the Auth SDK (`auth/...`). */
export function isAuthErrorCode(code: unknown): boolean {
  return typeof code === "string" && code.startsWith("auth/");
}

/** Predicates in the style of sharetribe's `isSignupEmailTakenError`. */
export function isEmailTakenError(error: unknown): boolean {
  return authErrorKey(errorCode(error)) === "email-already-in-use";
}

export function isPopupClosedError(error: unknown): boolean {
  return authErrorKey(errorCode(error)) === "popup-closed-by-user";
}
