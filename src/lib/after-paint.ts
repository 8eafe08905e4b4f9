/** How long the first frame's paint report is awaited at most (a page with no text or image has none). */
export const FIRST_PAINT_REPORT_WAIT_MS = 1000;

let firstPaintReported: Promise<void> | null | undefined;

/**
 * Settles once the browser has reported the document's first largest contentful paint: that frame is on
 * screen. A frame callback plus a task is not enough for the document's first frame: the browser may
 * run that task before it presents the frame, and a download started there shares the network with the
 * frame's paint (Lighthouse then counts it before the page's LCP: docs/lighthouse.md at 1a8da11, sixth pass). Null
 * where the browser does not report it (the frame callback and a task are then all we have).
 */
function whenFirstPaintReported(): Promise<void> | null {
  if (firstPaintReported !== undefined) return firstPaintReported;
  const supported =
    typeof PerformanceObserver === "function" &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes("largest-contentful-paint");
  firstPaintReported = supported
    ? new Promise<void>((resolve) => {
        const done = () => {
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        };
        const observer = new PerformanceObserver(done);
        const timer = setTimeout(done, FIRST_PAINT_REPORT_WAIT_MS);
        observer.observe({ type: "largest-contentful-paint", buffered: true });
      })
    : null;
  return firstPaintReported;
}

/**
 * Runs `task` once the browser has painted the next frame (a frame, then a task; for the document's
 * first frame, once its paint is reported), or soon where there are no frames (tests, a hidden tab). For
 * work a page starts as it mounts that must not compete with its first paint: a passive effect may run
 * before the browser paints, and then the downloads it starts (the session's chunk, the page's code)
 * share the network with the first paint and delay it.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const soon = () => {
    if (!cancelled) timer = setTimeout(task, 0);
  };
  if (typeof requestAnimationFrame !== "function" || document.visibilityState === "hidden") {
    soon();
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    const reported = whenFirstPaintReported();
    if (reported) void reported.then(soon);
    else soon();
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Forgets the first paint's report (tests only: each test is a new document). */
export function resetFirstPaintReportForTests(): void {
  firstPaintReported = undefined;
}
