import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";

/**
 * Navigates to `to` after `delayMs` (spec §9: 1 s after sign-in, 2 s after a magic link), so the
 * success toast or state can be read first. Leaving the page cancels it.
 */
export function useDelayedRedirect() {
  const navigate = useNavigate();
  const [target, setTarget] = useState<{ to: string; delayMs: number } | null>(null);

  useEffect(() => {
    if (!target) return;
    const id = setTimeout(() => navigate(target.to, { replace: true }), target.delayMs);
    return () => clearTimeout(id);
  }, [target, navigate]);

  const redirectTo = useCallback((to: string, delayMs: number) => setTarget({ to, delayMs }), []);
  return { redirecting: target !== null, redirectTo };
}
