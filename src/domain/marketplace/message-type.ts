/**
 * A message's kind (message.ts), apart so the chat's first paint reads it without the schemas.
 * `text`: a participant's message. `system`: a deal event (accepted, verified, cancelled, no-show,
 * closed) written by a function only (firestore.rules refuses it from a client), shown apart in the chat.
 */
export const MESSAGE_TYPES = ["text", "system"] as const;
export const MESSAGE_TYPE = { text: "text", system: "system" } as const satisfies Record<
  string,
  (typeof MESSAGE_TYPES)[number]
>;
/** The name a system line is shown under. */
export const SYSTEM_SENDER_NAME = "Vicino";
