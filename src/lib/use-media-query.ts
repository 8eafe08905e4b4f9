import { useCallback, useSyncExternalStore } from "react";

const canMatch = () => typeof window !== "undefined" && typeof window.matchMedia === "function";

/**
 * Whether the CSS media query matches, following its changes (a phone turned, a window resized). Where the
 * browser cannot tell (no matchMedia: jsdom), it answers `fallback`. One subscription per query, not one
 * per render.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (canMatch() ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
/** Tailwind's `md` breakpoint (768 px): from here the messages screen shows the list beside the chat. */
export const MD_MEDIA_QUERY = "(min-width: 768px)";
