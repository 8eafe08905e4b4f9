import type { ChangeEvent, FormEvent, KeyboardEvent } from "react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";

/**
 * The chat's text box as it looks, shared by the live composer (message-composer.tsx) and the
 * conversation's frame (messages-shell.tsx), so that the thread above it sits in the same place in both.
 * Light on purpose: the frame travels in the entry chunk.
 */
export function ComposerBox({
  text,
  onChange,
  onKeyDown,
  onSubmit,
  disabled,
  canSend,
  sending,
}: {
  text: string;
  onChange?: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onSubmit?: (event: FormEvent) => void;
  disabled: boolean;
  canSend: boolean;
  sending: boolean;
}) {
  const hintId = useId();
  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-slate-200 bg-white p-3">
      <label htmlFor={`${hintId}-text`} className="sr-only">
        Messaggio
      </label>
      <Textarea
        id={`${hintId}-text`}
        rows={1}
        value={text}
        {...(onChange ? { onChange } : { readOnly: true })}
        onKeyDown={onKeyDown}
        placeholder="Scrivi un messaggio…"
        aria-describedby={hintId}
        disabled={disabled}
        className="max-h-40 min-h-11! resize-none"
      />
      <p id={hintId} className="sr-only">
        Invio per inviare, Maiusc+Invio per andare a capo.
      </p>
      <Button type="submit" disabled={!canSend} loading={sending} aria-label="Invia messaggio">
        Invia
      </Button>
    </form>
  );
}
