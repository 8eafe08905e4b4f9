import type { HomePath } from "@/config/paths";
import type { AuthUser } from "@/data/auth";
import type { SessionUser } from "@/domain/people/session";
import type { User } from "@/domain/people/user";

/**
 * users/{uid} as the session holds it: the document itself (isFallback false), or the fallback
 * built from the auth account when the document is late or unreadable (spec §4; isFallback true,
 * only the SessionUser fields).
 */
export type SessionUserData = SessionUser & Omit<Partial<User>, keyof SessionUser>;

/** What the session knows (spec §3: signed-in user, user data, loading flag). */
export type SessionSnapshot = {
  /**
   * True until the first auth state has arrived and, for a signed-in user, until the user
   * document (or the fallback after USER_DOC_TIMEOUT_MS) is there: guards wait for both.
   */
  loading: boolean;
  user: AuthUser | null;
  userData: SessionUserData | null;
  /** The signed-in user's dashboard, by role. */
  homePath: HomePath | null;
  /**
   * True while the session is the one this device kept (its token note and its copy of users/{uid}),
   * before Firebase Auth has answered: pages open on it, and Auth's answer confirms or replaces it
   * (./session-provider.tsx).
   */
  provisional?: boolean;
};

export const LOADING_SESSION: SessionSnapshot = { loading: true, user: null, userData: null, homePath: null };
export const SIGNED_OUT_SESSION: SessionSnapshot = {
  loading: false,
  user: null,
  userData: null,
  homePath: null,
};
