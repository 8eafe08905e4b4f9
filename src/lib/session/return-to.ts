import type { Location } from "react-router";
import { isUserType, type UserType } from "@/domain/core/user-roles";

/**
 * Where a signed-out visitor was going: the guard sends them to /auth with this router state, and the
 * auth screens send them back there after signing in. `role` is the account type the page is for (a
 * shop page → merchant), so a visitor who has no account yet registers as the right kind.
 */
export type ReturnToState = { from: string; role?: UserType };

export function returnToState(
  location: Pick<Location, "pathname" | "search" | "hash">,
  role?: UserType,
): ReturnToState {
  const from = `${location.pathname}${location.search}${location.hash}`;
  return role ? { from, role } : { from };
}

/** The remembered in-app path, if the state holds a safe one (never another origin, never /auth). */
export function readReturnTo(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("from" in state)) return null;
  const { from } = state as { from: unknown };
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return null;
  if (from === "/auth" || from.startsWith("/auth?") || from.startsWith("/auth#")) return null;
  return from;
}

/** The account type of the page the visitor wanted, when the state names a valid one. */
export function readReturnRole(state: unknown): UserType | null {
  if (readReturnTo(state) === null) return null;
  const role = (state as { role?: unknown }).role;
  return isUserType(role) ? role : null;
}
