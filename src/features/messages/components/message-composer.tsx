import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { isSendKey, validateChatMessage } from "@/domain/validation";

type MessageComposerProps = {
  /**
   * Sends the trimmed text. The box is emptied at once (the message shows optimistically); when the
   * promise rejects, the text comes back so nothing typed is lost.
   */
  onSend: (content: string) => Promise<unknown>;
  disabled?: boolean;
};

/** The chat's text box: Enter sends, Shift+Enter starts a new line; blank text is never sent (spec §5). */
export function MessageComposer({ onSend, disabled = false }: MessageComposerProps) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const hintId = useId();
  const canSend = !disabled && text.trim().length > 0;

  const send = async () => {
    const checked = validateChatMessage(text);
    if (!checked.ok || disabled) return;
    const sent = text;
    setText("");
    setSending(true);
    try {
      await onSend(checked.data);
    } catch {
      // The error toast comes from the app's MutationCache; here we only give the text back.
      setText((current) => (current.trim() ? `${sent}\n${current}` : sent));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing || !isSendKey(event)) return;
    event.preventDefault();
    void send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-slate-200 bg-white p-3">
      <label htmlFor={`${hintId}-text`} className="sr-only">
        Messaggio
      </label>
      <Textarea
        id={`${hintId}-text`}
        rows={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
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
