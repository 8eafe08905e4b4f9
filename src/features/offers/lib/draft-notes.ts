import { SHORT_TEXT_MAX_LENGTH } from "@/domain/core/limits";

/** What Leonardo is told besides the price: the availability and notes typed so far. */
export function draftNotes(...parts: string[]): string | undefined {
  const notes = parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(". ");
  return notes ? Array.from(notes).slice(0, SHORT_TEXT_MAX_LENGTH).join("") : undefined;
}
