import { useState } from "react";
import { DICTATION_MESSAGES, type DictatedField } from "@/domain/marketplace/offer-dictation-messages";

/**
 * Which of the offer form's fields Leonardo filled from the shop's dictation: each is highlighted, with
 * a note ('Scritto con l'IA (Leonardo): controlla.') in its hint, until the shop edits it.
 */
export function useDictatedHighlight() {
  const [dictated, setDictated] = useState<ReadonlySet<DictatedField>>(new Set());
  const noteFor = (name: DictatedField) => (dictated.has(name) ? DICTATION_MESSAGES.filledNote : undefined);
  return {
    has: (name: DictatedField) => dictated.has(name),
    noteFor,
    /** The field's hint with the note after it. */
    hint: (name: DictatedField, text?: string) =>
      [text, noteFor(name)].filter(Boolean).join(" ") || undefined,
    edited: (name: DictatedField) =>
      setDictated((current) => new Set([...current].filter((other) => other !== name))),
    mark: (fields: readonly DictatedField[]) => setDictated(new Set(fields)),
  };
}
