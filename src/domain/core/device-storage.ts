/**
 * Every local storage key the app writes, in one place (the push keys beside it, push-device.ts, so the
 * pages that never push leave them out): the cookie page lists them (legal-cookies.ts).
 * No imports: the session hint and the pending account type read it from the marketing pages' first
 * chunk, which must stay small (no zod).
 */
export const DEVICE_STORAGE_KEYS = {
  /** The account type chosen on a marketing page, until sign-up (src/lib/pending-user-type.ts). */
  pendingUserType: "vicino.pendingUserType",
  /** The address an e-mail sign-in link was sent to (src/features/auth/lib/email-link-storage.ts). */
  emailForSignIn: "vicino.emailForSignIn",
  /** One bit: this browser had a session (src/lib/session/session-hint.ts). */
  sessionHint: "vicino.hasSession",
  /**
   * The signed-in user's last opened conversations (their newest messages), painted at once when one
   * is opened again; cleared at sign-out and when another account signs in (src/lib/chat-preview.ts).
   */
  chatPreviews: "vicino.chatPreviews",
  /**
   * The buyer's pickup codes once shown, so the till can read them with no network; cleared at
   * sign-out and when another account signs in (src/lib/pickup-code-storage.ts).
   */
  pickupCodes: "vicino.pickupCodes",
  /**
   * The signed-in user's own profile document as last read, so a page load shows it at once while its
   * live listener confirms it (no second read of it); cleared like the two above (src/lib/session/user-copy.ts).
   */
  userCopy: "vicino.userCopy",
  /**
   * The signed-in account's ID token (and App Check token) while valid, so a page's first read can go
   * out before Firebase's SDK has loaded; rewritten when Firebase refreshes them, cleared at sign-out
   * (src/data/device-session.ts).
   */
  deviceSession: "vicino.deviceSession",
} as const;
