import { encode } from "uqr";

/**
 * The pickup code as a QR, drawn as SVG rectangles from uqr's module matrix (no innerHTML). Loaded
 * lazily by PickupCodePanel only when the buyer shows the code: the encoder stays off every page's path.
 */
export default function PickupQr({ code, label }: { code: string; label: string }) {
  const { data, size } = encode(code, { ecc: "M", border: 2 });
  const cells: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="h-48 w-48 bg-white"
      shapeRendering="crispEdges"
    >
      <path d={cells.join("")} fill="#0f172a" />
    </svg>
  );
}
