import type { Location } from "react-router";

/**
 * Where a signed-out visitor was going: the guard sends them to /auth with this router state,
 * and the auth screens send them back there after signing in.
 */
export type ReturnToState = { from: string };

export function returnToState(location: Pick<Location, "pathname" | "search" | "hash">): ReturnToState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** The remembered in-app path, if the state holds a safe one (never another origin, never /auth). */
export function readReturnTo(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("from" in state)) return null;
  const { from } = state as { from: unknown };
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return null;
  if (from === "/auth" || from.startsWith("/auth?") || from.startsWith("/auth#")) return null;
  return from;
}
