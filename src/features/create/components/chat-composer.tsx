import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { CameraIcon, MicIcon, XIcon } from "@/components/ui/icons";
import { Textarea } from "@/components/ui/textarea";
import { useToast } from "@/components/ui/toast";
import { VOICE_MESSAGES } from "@/domain/core/common-messages";
import { isSendKey, validateImageFile } from "@/domain/core/validation";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { REQUEST_PHOTO_MESSAGES } from "@/domain/marketplace/request-photo";
import { type SpeechRecognitionLike, speechRecognitionConstructor, transcriptOf } from "@/lib/speech";
import { type PreparedImage, prepareImageFile } from "../lib/resize-image";
import { CameraDialog } from "./camera-dialog";

type ChatComposerProps = {
  loading: boolean;
  disabled?: boolean;
  /** Resolves true when Algo answered; on false the text and photo are given back. */
  onSend: (text: string, image: PreparedImage | null) => Promise<boolean>;
};

/** Text (Enter sends, Shift+Enter goes to a new line), a photo by upload or camera, and voice. */
export function ChatComposer({ loading, disabled = false, onSend }: ChatComposerProps) {
  const [text, setText] = useState("");
  const [image, setImage] = useState<PreparedImage | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [listening, setListening] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const { toastError } = useToast();

  // Leaving the page stops listening.
  useEffect(() => () => recognition.current?.abort(), []);

  const canSend = !loading && !disabled && (text.trim().length > 0 || image !== null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    const sent = text;
    const sentImage = image;
    setText("");
    setImage(null);
    if (!(await onSend(sent, sentImage))) {
      // Nothing typed is lost: the message (and photo) come back unless the user has started another.
      setText((current) => (current.trim() ? current : sent));
      setImage((current) => current ?? sentImage);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event) || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    const checked = validateImageFile(file);
    if (!checked.ok) {
      setPhotoError(checked.message);
      return;
    }
    setPhotoError(null);
    try {
      const prepared = await prepareImageFile(file);
      if (prepared) setImage(prepared);
      else setPhotoError(REQUEST_PHOTO_MESSAGES.tooLarge);
    } catch (error) {
      console.error("Image unreadable", error);
      setPhotoError(BUYER_MESSAGES.imageUnreadable);
    }
  };

  const listen = () => {
    const Recognition = speechRecognitionConstructor();
    if (!Recognition) {
      toastError(VOICE_MESSAGES.unsupported);
      return;
    }
    const session = new Recognition();
    session.lang = "it-IT";
    session.continuous = false;
    session.interimResults = false;
    session.maxAlternatives = 1;
    session.onresult = (event) => {
      const heard = transcriptOf(event);
      if (heard) setText((current) => (current.trim() ? `${current.trimEnd()} ${heard}` : heard));
    };
    session.onerror = (event) => {
      console.error("Speech recognition failed", event);
      toastError(VOICE_MESSAGES.recognitionError);
    };
    session.onend = () => setListening(false);
    recognition.current = session;
    setListening(true);
    session.start();
  };

  return (
    <form onSubmit={submit} aria-label="Scrivi ad Algo" className="space-y-2">
      {image ? (
        <div className="flex items-start gap-2">
          <img src={image.previewUrl} alt="Anteprima della foto" className="h-20 rounded-lg object-cover" />
          <Button size="icon" variant="ghost" aria-label="Rimuovi la foto" onClick={() => setImage(null)}>
            <XIcon className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      {photoError ? (
        <p role="alert" className="text-sm text-red-700">
          {photoError}
        </p>
      ) : null}
      <label htmlFor={textId} className="sr-only">
        Messaggio per Algo
      </label>
      <Textarea
        id={textId}
        rows={2}
        value={text}
        placeholder="Es. cerco una bici da città usata, sui 200 euro"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
      />
      <div className="flex items-center gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Carica una foto"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()} disabled={disabled}>
          Foto
        </Button>
        <Button
          variant="secondary"
          size="icon"
          aria-label="Scatta una foto"
          onClick={() => setCameraOpen(true)}
          disabled={disabled}
        >
          <CameraIcon className="size-5" aria-hidden="true" />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          aria-label={listening ? "Sto ascoltando…" : "Detta il messaggio"}
          aria-pressed={listening}
          onClick={listen}
          disabled={disabled || listening}
        >
          <MicIcon className="size-5" aria-hidden="true" />
        </Button>
        <Button type="submit" className="ml-auto" disabled={!canSend} loading={loading}>
          Invia
        </Button>
      </div>
      <CameraDialog open={cameraOpen} onOpenChange={setCameraOpen} onCapture={setImage} />
    </form>
  );
}
