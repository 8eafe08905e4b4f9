import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { PICKUP_MESSAGES } from "@/domain/marketplace/pickup";

type Detected = { rawValue: string };
type Detector = { detect: (source: HTMLVideoElement) => Promise<Detected[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The browser's BarcodeDetector and camera, when it has both (feature-detected, never assumed). */
function detectorClass(): DetectorClass | null {
  if (typeof window === "undefined") return null;
  const found = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const media = navigator.mediaDevices as MediaDevices | undefined;
  return found && typeof media?.getUserMedia === "function" ? found : null;
}

export function canScanQr(): boolean {
  return detectorClass() !== null;
}

const SCAN_EVERY_MS = 300;

/**
 * 'Inquadra il QR': the back camera in a video, read by BarcodeDetector a few times a second until a QR
 * is found (its text is the pickup code), then the camera is released. A refused camera says so in
 * Italian and leaves the typing to the shop.
 */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const [scanning, setScanning] = useState(false);
  const [refused, setRefused] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const found = useRef(onCode);
  found.current = onCode;

  useEffect(() => {
    const Barcode = detectorClass();
    if (!scanning || !Barcode) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      window.clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then((media) => {
        stream = media;
        if (stopped) return stop();
        const element = video.current;
        if (!element) return;
        element.srcObject = media;
        void element.play?.()?.catch(() => undefined);
        const detector = new Barcode({ formats: ["qr_code"] });
        timer = window.setInterval(() => {
          detector
            .detect(element)
            .then((codes) => {
              const value = codes[0]?.rawValue;
              if (!value || stopped) return;
              stop();
              setScanning(false);
              found.current(value);
            })
            .catch(() => undefined);
        }, SCAN_EVERY_MS);
      })
      .catch(() => {
        setRefused(true);
        setScanning(false);
      });
    return stop;
  }, [scanning]);

  if (!canScanQr()) return null;
  return (
    <div className="space-y-2">
      {scanning ? (
        <>
          <p className="text-sm text-slate-700">{PICKUP_MESSAGES.scanHint}</p>
          <video ref={video} muted playsInline className="w-full max-w-xs rounded-lg bg-black" />
          <Button type="button" variant="secondary" size="sm" onClick={() => setScanning(false)}>
            {PICKUP_MESSAGES.scanStop}
          </Button>
        </>
      ) : (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            setRefused(false);
            setScanning(true);
          }}
        >
          {PICKUP_MESSAGES.scan}
        </Button>
      )}
      {refused ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {PICKUP_MESSAGES.cameraRefused}
        </p>
      ) : null}
    </div>
  );
}
