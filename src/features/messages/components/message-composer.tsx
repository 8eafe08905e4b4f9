import { type FormEvent, type KeyboardEvent, useState } from "react";
import { isSendKey, validateChatMessage } from "@/domain/core/validation";
import { ComposerBox } from "./composer-box";

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
    <ComposerBox
      text={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={onKeyDown}
      onSubmit={onSubmit}
      disabled={disabled}
      canSend={canSend}
      sending={sending}
    />
  );
}
