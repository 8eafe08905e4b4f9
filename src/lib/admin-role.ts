import { useEffect, useState } from "react";

/**
 * Whether the signed-in account carries the admin claim, for the header menu's ways into moderation
 * (/admin/segnalazioni, /admin/negozi). A navigation hint only: the admin pages check the claim again and
 * the callables enforce it. The check (Auth's ID token) loads on demand once `enabled` (the header: once
 * the page has settled), so the marketing pages' entry chunk does not carry it. Plain state, not a
 * query: the header renders outside some screens' query clients. A failure only hides the links.
 */
export function useIsAdmin(uid: string, enabled: boolean): boolean {
  const [known, setKnown] = useState<{ uid: string; admin: boolean } | null>(null);
  useEffect(() => {
    if (!enabled || uid === "") return;
    let current = true;
    import("@/data/admin-role")
      .then(({ hasAdminRole }) => hasAdminRole())
      .then(
        (admin) => {
          if (current) setKnown({ uid, admin });
        },
        (error: unknown) => console.warn("Admin role unknown: the menu shows no admin links", error),
      );
    return () => {
      current = false;
    };
  }, [uid, enabled]);
  return known?.uid === uid && known.admin;
}
