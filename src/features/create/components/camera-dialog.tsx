import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { CAMERA_MESSAGES, SUCCESS_TOASTS } from "@/domain/core/common-messages";
import { CAMERA_IDEAL_HEIGHT, CAMERA_IDEAL_WIDTH } from "@/domain/core/limits";
import { REQUEST_PHOTO_MESSAGES } from "@/domain/marketplace/request-photo";
import { encodeFittingPhoto, type PreparedImage } from "../lib/resize-image";

type CameraDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCapture: (image: PreparedImage) => void;
};

/** The rear camera (spec §7): ideal 1280×720; capture → JPEG 0.8. The stream stops when it closes. */
export function CameraDialog({ open, onOpenChange, onCapture }: CameraDialogProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const { toast, toastError } = useToast();

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    const fail = (error: unknown) => {
      console.error("Camera unavailable", error);
      toastError(CAMERA_MESSAGES.accessDenied);
      onOpenChange(false);
    };
    if (!navigator.mediaDevices?.getUserMedia) {
      fail(new Error("getUserMedia non disponibile"));
      return;
    }
    navigator.mediaDevices
      .getUserMedia({
        video: {
          facingMode: "environment",
          width: { ideal: CAMERA_IDEAL_WIDTH },
          height: { ideal: CAMERA_IDEAL_HEIGHT },
        },
      })
      .then((media) => {
        stream = media;
        if (cancelled || !video.current) return;
        video.current.srcObject = media;
        void video.current.play().then(() => setReady(true), fail);
      }, fail);
    return () => {
      cancelled = true;
      setReady(false);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open, onOpenChange, toastError]);

  const capture = () => {
    const element = video.current;
    if (!element) return;
    const photo = encodeFittingPhoto(element, element.videoWidth, element.videoHeight);
    if (!photo) {
      toastError(REQUEST_PHOTO_MESSAGES.tooLarge);
      return;
    }
    onCapture(photo);
    toast(SUCCESS_TOASTS.photoCaptured);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Scatta una foto">
      <video ref={video} playsInline muted className="aspect-video w-full rounded-lg bg-slate-900">
        <track kind="captions" />
      </video>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Annulla
        </Button>
        <Button onClick={capture} disabled={!ready}>
          Scatta
        </Button>
      </div>
    </Dialog>
  );
}
