import { useEffect } from "react";
import { encode } from "uqr";
import type { QrDrawing } from "@/lib/pickup-code-storage";

/** The code's QR modules as one SVG path ('M3 2h1v1h-1z…') on a `size`-wide square, border included. */
export function qrDrawing(code: string): QrDrawing {
  const { data, size } = encode(code, { ecc: "M", border: 2 });
  const cells: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { path: cells.join(""), size };
}

/**
 * The pickup code as a QR, drawn as SVG rectangles from uqr's module matrix (no innerHTML). Loaded
 * lazily by PickupCodePanel only when the buyer shows the code: the encoder stays off every page's path.
 * `onDrawn` hands the drawing over once, so the device keeps it for the offline page.
 */
export default function PickupQr({
  code,
  label,
  onDrawn,
}: {
  code: string;
  label: string;
  onDrawn?: (drawing: QrDrawing) => void;
}) {
  const drawing = qrDrawing(code);
  // biome-ignore lint/correctness/useExhaustiveDependencies: handed over again only for another code.
  useEffect(() => {
    onDrawn?.(drawing);
  }, [drawing.path]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      className="h-48 w-48 bg-white"
      shapeRendering="crispEdges"
    >
      <path d={drawing.path} fill="#0f172a" />
    </svg>
  );
}
