import { homePathByRole } from "@/config/paths";
import type { AuthUser } from "@/data/auth";
import type { User } from "@/domain/people/user";
import type { SessionSnapshot } from "./types";

// Apart from ./types.ts, whose loading state every page's first chunk carries: only the session's
// later chunks (./follow-user.ts, ./kept-session.ts) build a signed-in snapshot.

/** A signed-in session with its users/{uid} document. */
export function signedInSession(user: AuthUser, doc: User): SessionSnapshot {
  return {
    loading: false,
    user,
    userData: { ...doc, uid: doc.uid ?? doc.id, isFallback: false },
    homePath: homePathByRole[doc.userType],
  };
}
