import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import {
  MAX_REQUEST_PHOTOS,
  photoDataUrl,
  REQUEST_PHOTO_MESSAGES,
  type RequestPhoto,
  requestPhotoId,
} from "@/domain/request-photo";
import { cn } from "@/lib/cn";
import { useRequestPhotos } from "@/lib/request-photos";

type RequestPhotosProps = {
  requestId: string;
  productName: string;
  /** The request's photoCount: nothing is read when it has none. */
  photoCount: number | undefined;
  /** Thumbnail size: `sm` on the feed's cards and in the chat, `md` on the offer page. */
  size?: "sm" | "md";
  className?: string;
};

const PLACEHOLDER_KEYS = Array.from({ length: MAX_REQUEST_PHOTOS }, (_, index) => requestPhotoId(index));
const THUMB_SIZES = { sm: "size-16", md: "size-24 sm:size-28" } as const;

/**
 * The buyer's photos of a request (requests/{id}/photos), shown to shops on the feed's card, the
 * offer page and the chat, and to the buyer on their request: a thumbnail per photo, each a button
 * that enlarges it in an accessible dialog (focus inside, Esc or 'Chiudi' closes, focus back on the
 * thumbnail), with an Italian alt text naming the product. Reads only when the request has photos;
 * while they load a quiet placeholder keeps the room; a failed read says so without breaking the card.
 */
export function RequestPhotos({
  requestId,
  productName,
  photoCount,
  size = "sm",
  className,
}: RequestPhotosProps) {
  const [open, setOpen] = useState<RequestPhoto | null>(null);
  const count = photoCount ?? 0;
  const photos = useRequestPhotos(requestId, photoCount);
  if (count === 0) return null;
  const thumb = cn("shrink-0 rounded-lg border border-slate-200 bg-slate-100", THUMB_SIZES[size]);

  if (photos.isPending) {
    return (
      <div className={cn("flex gap-2", className)} aria-hidden="true" data-testid="request-photo-loading">
        {PLACEHOLDER_KEYS.slice(0, count).map((key) => (
          <div key={key} className={cn(thumb, "animate-pulse")} />
        ))}
      </div>
    );
  }
  if (photos.isError) {
    return <p className={cn("text-xs text-slate-600", className)}>{REQUEST_PHOTO_MESSAGES.loadError}</p>;
  }
  if (photos.data.length === 0) return null;

  return (
    <>
      <ul className={cn("flex flex-wrap gap-2", className)}>
        {photos.data.map((photo) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpen(photo)}
              aria-label={REQUEST_PHOTO_MESSAGES.enlarge(productName)}
              className="focus-ring block cursor-zoom-in rounded-lg"
            >
              <img
                src={photoDataUrl(photo)}
                alt={REQUEST_PHOTO_MESSAGES.alt(productName)}
                width={photo.width}
                height={photo.height}
                className={cn(thumb, "object-cover")}
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={open !== null}
        onOpenChange={(next) => {
          if (!next) setOpen(null);
        }}
        title={REQUEST_PHOTO_MESSAGES.title}
        description={productName}
        className="max-w-3xl"
      >
        {open ? (
          <img
            src={photoDataUrl(open)}
            alt={REQUEST_PHOTO_MESSAGES.alt(productName)}
            width={open.width}
            height={open.height}
            className="mx-auto h-auto max-h-[70vh] w-auto max-w-full rounded-lg object-contain"
          />
        ) : null}
      </Dialog>
    </>
  );
}
