import type { ReactNode } from "react";
import type { UserType } from "@/domain/user-type";

/** Who may open a route: anyone, any signed-in user, or one role only. */
export type RouteAccess = "public" | "authenticated" | UserType;

/**
 * THE one place where a route's declared access is applied (the route table wraps every page in it).
 *
 * Today it renders its children for every access level: there are no accounts yet. The accounts
 * issue replaces the non-public branches with RequireAuth (redirect to /auth) and RequireRole
 * (redirect to the user's own dashboard). These guards are for navigation only; security lives in
 * the Firestore rules and the callable functions.
 */
export function RouteAccessGate({ access, children }: { access: RouteAccess; children: ReactNode }) {
  switch (access) {
    case "public":
      return children;
    case "authenticated":
    case "customer":
    case "merchant":
      // Not enforced yet (see above).
      return children;
  }
}
