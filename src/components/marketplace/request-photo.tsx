import { type ReactNode, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import {
  MAX_REQUEST_PHOTOS,
  photoDataUrl,
  REQUEST_PHOTO_MESSAGES,
  type RequestPhoto,
  type RequestThumbnail,
  requestPhotoId,
} from "@/domain/marketplace/request-photo";
import { cn } from "@/lib/cn";
import { useRequestPhotos } from "@/lib/request-photos";

type RequestPhotosProps = {
  requestId: string;
  productName: string;
  /** The request's photoCount: nothing is read when it has none. */
  photoCount: number | undefined;
  /** Thumbnail size: `sm` on the feed's cards and in the chat, `md` on the offer page. */
  size?: "sm" | "md";
  /**
   * The request's stored thumbnail of its first photo: with it, the `sm` view shows that alone (and how
   * many more) and reads the photos only once it is opened.
   */
  thumbnail?: RequestThumbnail;
  className?: string;
};

const PLACEHOLDER_KEYS = Array.from({ length: MAX_REQUEST_PHOTOS }, (_, index) => requestPhotoId(index));
const THUMB_SIZES = { sm: "size-16", md: "size-24 sm:size-28" } as const;
const THUMB_CLASSES = "shrink-0 rounded-lg border border-slate-200 bg-slate-100";

/**
 * The buyer's photos of a request (requests/{id}/photos), shown to shops on the feed's card, the
 * offer page and the chat, and to the buyer on their request: a thumbnail per photo, each a button
 * that enlarges it in an accessible dialog (focus inside, Esc or 'Chiudi' closes, focus back on the
 * thumbnail), with an Italian alt text naming the product. Reads only when the request has photos;
 * while they load a quiet placeholder keeps the room; a failed read says so without breaking the card.
 */
export function RequestPhotos(props: RequestPhotosProps) {
  const { thumbnail, size = "sm", photoCount } = props;
  if (thumbnail && size === "sm" && (photoCount ?? 0) > 0)
    return <ThumbnailFirst {...props} thumbnail={thumbnail} />;
  return <AllPhotos {...props} />;
}

function AllPhotos({ requestId, productName, photoCount, size = "sm", className }: RequestPhotosProps) {
  const [open, setOpen] = useState<RequestPhoto | null>(null);
  const count = photoCount ?? 0;
  const photos = useRequestPhotos(requestId, photoCount);
  if (count === 0) return null;
  const thumb = cn(THUMB_CLASSES, THUMB_SIZES[size]);

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

/**
 * The card's view with a stored thumbnail: the first photo small (a few kB, on the request itself) and
 * '+N' for the others; opening it reads the photos and shows them all, the first one large.
 */
function ThumbnailFirst({
  requestId,
  productName,
  photoCount = 0,
  thumbnail,
  className,
}: RequestPhotosProps & { thumbnail: RequestThumbnail }) {
  const [open, setOpen] = useState(false);
  const photos = useRequestPhotos(requestId, open ? photoCount : 0);
  const more = photoCount - 1;
  let content: ReactNode;
  if (photos.isError) content = <p className="text-sm text-slate-700">{REQUEST_PHOTO_MESSAGES.loadError}</p>;
  else if (!photos.data) content = <Spinner size="sm" label={REQUEST_PHOTO_MESSAGES.loading} />;
  else {
    content = (
      <ul className="space-y-3">
        {photos.data.map((photo) => (
          <li key={photo.id}>
            <img
              src={photoDataUrl(photo)}
              alt={REQUEST_PHOTO_MESSAGES.alt(productName)}
              width={photo.width}
              height={photo.height}
              className="mx-auto h-auto max-h-[70vh] w-auto max-w-full rounded-lg object-contain"
            />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      <div className={cn("flex items-center gap-2", className)}>
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={REQUEST_PHOTO_MESSAGES.enlarge(productName)}
          className="focus-ring relative block cursor-zoom-in rounded-lg"
        >
          <img
            src={photoDataUrl(thumbnail)}
            alt={REQUEST_PHOTO_MESSAGES.alt(productName)}
            width={thumbnail.width}
            height={thumbnail.height}
            className={cn(THUMB_CLASSES, THUMB_SIZES.sm, "object-cover")}
          />
          {more > 0 ? (
            <span className="absolute right-1 bottom-1 rounded bg-slate-900/80 px-1 text-xs font-semibold text-white">
              {REQUEST_PHOTO_MESSAGES.more(more)}
            </span>
          ) : null}
        </button>
      </div>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={REQUEST_PHOTO_MESSAGES.title}
        description={productName}
        className="max-w-3xl"
      >
        <div className="max-h-[75vh] overflow-y-auto">{content}</div>
      </Dialog>
    </>
  );
}
