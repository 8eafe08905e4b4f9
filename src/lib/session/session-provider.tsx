import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { afterNextPaint } from "../after-paint";
import { useCreatedQueryClient } from "../app-query-client";
import { hasSessionHint, keptTokenUid } from "./session-hint";
import { LOADING_SESSION, type SessionSnapshot } from "./types";

// The session (spec §3: user, user data, loading, sign-out) in two halves, like the toasts: this
// file is the small always-loaded half (context, state, hooks); ./session-runtime.ts holds the
// Firebase work and is imported only when something needs the session: a guarded or account
// page (useSessionStart), or, after first paint, a returning user (session hint) on any page.

const loadRuntime = () => import("./session-runtime");

let signedInCode: Promise<unknown> | undefined;

/**
 * A signed-in session's own code (following users/{uid}, and its parser with the schemas every page
 * shares), asked for before the page's code when the session starts on a browser with a session hint.
 * The page's code imports the same chunks; the browser evaluates a module graph when its last chunk
 * arrives, and the graphs that wait on one chunk in the order they asked for it, each in a task of its
 * own: asked first, the session's graphs run in two tasks before the page's instead of all three in one
 * long task (docs/lighthouse.md). Failures are reported where the code is used (session-runtime.ts,
 * src/data/users.ts), which import it again.
 */
function startSignedInCode(): void {
  if (signedInCode || !hasSessionHint()) return;
  signedInCode = Promise.all([import("./follow-user"), import("@/data/user-parsing")]).catch(() => {
    signedInCode = undefined;
  });
}

export type SessionValue = SessionSnapshot & {
  /** Signs out; rejects when Firebase fails (the caller shows 'Errore durante il logout'). */
  signOut: () => Promise<void>;
  /** Loads the session engine if it is not running yet. */
  start: () => void;
};

const SessionContext = createContext<SessionValue | null>(null);

/** Runs `task` when the browser is idle (after first paint), or soon where there is no idle callback. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1);
  return () => window.clearTimeout(id);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [snapshot, setSnapshot] = useState<SessionSnapshot>(LOADING_SESSION);
  const [started, setStarted] = useState(false);
  const createdQueryClient = useCreatedQueryClient();
  const lastUid = useRef<string | null>(null);

  // Whether the session's engine (Firebase Auth) may load: at once, or, when this device kept a valid
  // session, once the page that session opened has painted (Auth's 44 kB would otherwise share the
  // network with that page's code: docs/content-bench.md).
  const [engine, setEngine] = useState(false);

  const start = useCallback(() => {
    // Without a kept session the engine starts with the session, in the same render, as it always did.
    const kept = keptTokenUid() !== undefined;
    if (!kept) startSignedInCode();
    setStarted(true);
    if (!kept) setEngine(true);
  }, []);

  // The session this device kept (./kept-session.ts) opens the page; without one, the engine starts now.
  // Read after the first paint (the page's frame): its parser's chunks (zod, the shared schemas) would
  // otherwise share the network with that paint, and the page's code and data come after it anyway.
  useEffect(() => {
    if (!started || engine) return;
    let cancelled = false;
    new Promise<void>((resolve) => afterNextPaint(resolve))
      .then(() => import("./kept-session"))
      .then(({ keptSession }) => keptSession())
      .then(
        (kept) => {
          if (cancelled) return;
          if (kept) startTransition(() => setSnapshot(kept));
          else setEngine(true);
        },
        () => {
          if (!cancelled) setEngine(true);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [started, engine]);

  // The kept session's page is committed: the engine loads once it has painted and its reads over REST
  // have answered (./kept-session.ts `engineMayLoad`).
  useEffect(() => {
    if (!snapshot.provisional || engine) return;
    let cancelled = false;
    const stop = afterNextPaint(() => {
      void import("./kept-session")
        .then(({ engineMayLoad }) => engineMayLoad())
        .catch(() => undefined)
        .then(() => {
          if (!cancelled) setEngine(true);
        });
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [snapshot.provisional, engine]);

  // A returning user gets the header's account menu without making the marketing pages heavier: once
  // the first frame is painted (an idle period may come before it, and the session's chunk would then
  // share the network with the first paint), then when the browser is idle.
  useEffect(() => {
    if (started || !hasSessionHint()) return;
    let stopIdle: (() => void) | undefined;
    const stopPaint = afterNextPaint(() => {
      stopIdle = whenIdle(start);
    });
    return () => {
      stopPaint();
      stopIdle?.();
    };
  }, [started, start]);

  useEffect(() => {
    if (!engine) return;
    startSignedInCode();
    let cancelled = false;
    let stop: (() => void) | undefined;
    loadRuntime().then(
      (runtime) => {
        // Each change of the session re-renders the whole page below it (the gate swapping the shell
        // for the page, the header's account menu); as a transition React renders it in slices of a
        // few milliseconds, so a phone stays responsive (Lighthouse's TBT) while it mounts.
        if (!cancelled) {
          stop = runtime.startSession((next) =>
            startTransition(() => setSnapshot((current) => runtime.nextSnapshot(current, next))),
          );
        }
      },
      (error: unknown) => {
        console.error("Impossibile caricare la sessione", error);
        if (!cancelled) setSnapshot({ ...LOADING_SESSION, loading: false });
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [engine]);

  // Another account (or none) must never see the previous one's cached data (no client yet: no data).
  const uid = snapshot.user?.uid ?? null;
  useEffect(() => {
    if (lastUid.current !== null && lastUid.current !== uid) createdQueryClient()?.clear();
    lastUid.current = uid;
  }, [uid, createdQueryClient]);

  const signOut = useCallback(async () => {
    const runtime = await loadRuntime();
    await runtime.signOutSession();
  }, []);

  const value = useMemo<SessionValue>(() => ({ ...snapshot, signOut, start }), [snapshot, signOut, start]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** The session as it is now; does not load anything (see useSessionStart). */
export function useSession(): SessionValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession must be used inside <SessionProvider>");
  return session;
}

/**
 * The session, loading it if needed: for screens that depend on who is signed in. The engine's chunk
 * starts downloading after the screen's first paint (its frame or spinner), not in competition with it.
 */
export function useSessionStart(): SessionValue {
  const session = useSession();
  const { start } = session;
  useEffect(() => (session.loading ? afterNextPaint(start) : undefined), [start, session.loading]);
  return session;
}
