import type { z } from "zod";
import { VALIDATION_MESSAGES } from "./common-messages.ts";
import { CHAT_MESSAGE_MAX_LENGTH } from "./limits.ts";

/**
 * Every validator returns this and never throws; `message` is Italian and ready for a toast. `field`,
 * when a form validator knows it, names the input the message is about (the form shows it there and
 * moves the focus to it).
 */
export type ValidationResult<T> = { ok: true; data: T } | { ok: false; message: string; field?: string };

export function valid<T>(data: T): ValidationResult<T> {
  return { ok: true, data };
}

export function invalid<T = never>(message: string, field?: string): ValidationResult<T> {
  return field === undefined ? { ok: false, message } : { ok: false, message, field };
}

/**
 * Runs a zod schema and returns the first issue's message. Our schemas carry Italian messages;
 * an issue without one falls back to a generic Italian text, never zod's English.
 */
export function validateWith<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const parsed = schema.safeParse(input, { error: () => VALIDATION_MESSAGES.invalidData });
  if (parsed.success) return valid(parsed.data);
  return invalid(parsed.error.issues[0]?.message ?? VALIDATION_MESSAGES.invalidData);
}

/** Reads a property of an unknown value without trusting its shape. */
export function field(input: unknown, key: string): unknown {
  return typeof input === "object" && input !== null ? (input as Record<string, unknown>)[key] : undefined;
}

/** A string property, or "" when missing or not a string. */
export function stringField(input: unknown, key: string): string {
  const value = field(input, key);
  return typeof value === "string" ? value : "";
}

/** Chat message (customer-merchant chat and Algo): the trimmed text must not be empty. */
export function validateChatMessage(input: unknown): ValidationResult<string> {
  if (typeof input !== "string") return invalid(VALIDATION_MESSAGES.emptyMessage);
  const text = input.trim();
  if (text.length === 0) return invalid(VALIDATION_MESSAGES.emptyMessage);
  if (text.length > CHAT_MESSAGE_MAX_LENGTH) return invalid(VALIDATION_MESSAGES.messageTooLong);
  return valid(text);
}

/** Send button state: enabled only with text and nothing in flight. */
export function canSendChatMessage(text: string, loading: boolean): boolean {
  return !loading && text.trim().length > 0;
}

/** Enter sends, Shift+Enter does not (spec §5). */
export function isSendKey(event: { key: string; shiftKey: boolean }): boolean {
  return event.key === "Enter" && !event.shiftKey;
}

/** Image upload accepts only MIME types starting with `image/`. */
export function isImageFileType(type: unknown): boolean {
  return typeof type === "string" && type.startsWith("image/");
}

/** Validates anything file-like (`{ type }`), e.g. a File from an input. */
export function validateImageFile<T extends { type: string }>(file: T): ValidationResult<T>;
export function validateImageFile(file: unknown): ValidationResult<{ type: string }>;
export function validateImageFile(file: unknown): ValidationResult<{ type: string }> {
  if (!isImageFileType(field(file, "type"))) return invalid(VALIDATION_MESSAGES.imageOnly);
  return valid(file as { type: string });
}
