import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { XIcon } from "@/components/ui/icons";
import { validateImageFile } from "@/domain/core/validation";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { REQUEST_FORM_LABELS } from "@/domain/marketplace/request-form";
import { REQUEST_PHOTO_MESSAGES } from "@/domain/marketplace/request-photo";
import { type PreparedImage, prepareImageFile } from "../lib/resize-image";

type PhotoPickerProps = {
  photo: PreparedImage | null;
  onPhotoChange: (photo: PreparedImage | null) => void;
  disabled?: boolean;
};

/**
 * The free form's optional photo: an image file (or the phone's camera, through the file picker's
 * `capture`), made to fit 1280 px and 300 kB in the browser (resize-image.ts), previewed, removable.
 */
export function PhotoPicker({ photo, onPhotoChange, disabled = false }: PhotoPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    const checked = validateImageFile(file);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    setPreparing(true);
    try {
      const prepared = await prepareImageFile(file);
      if (prepared) onPhotoChange(prepared);
      else setError(REQUEST_PHOTO_MESSAGES.tooLarge);
    } catch (failure) {
      console.error("Image unreadable", failure);
      setError(BUYER_MESSAGES.imageUnreadable);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {REQUEST_FORM_LABELS.photo}
      </label>
      <p id={hintId} className="text-xs text-slate-600">
        {REQUEST_FORM_LABELS.photoHint}
      </p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        disabled={disabled || preparing}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => void onFile(event.target.files?.[0])}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      {photo ? (
        <div className="flex items-start gap-3">
          <img
            src={photo.previewUrl}
            alt={REQUEST_FORM_LABELS.photoPreview}
            className="size-24 rounded-lg border border-slate-200 object-cover"
          />
          <Button variant="secondary" size="sm" onClick={() => onPhotoChange(null)} disabled={disabled}>
            <XIcon className="size-4" aria-hidden="true" />
            {REQUEST_FORM_LABELS.removePhoto}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
