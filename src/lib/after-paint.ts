/**
 * Runs `task` once the browser has painted the next frame (a frame, then a task), or soon where there
 * are no frames (tests, a hidden tab). For work a page starts as it mounts that must not compete with its
 * first paint: a passive effect may run before the browser paints, and then the downloads it starts (the
 * session's chunk, the page's code) share the network with the first paint and delay it.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== "function" || document.visibilityState === "hidden") {
    timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
