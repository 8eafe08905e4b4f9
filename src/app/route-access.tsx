import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Navigate, type Params, useLocation, useParams } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import type { UserType } from "@/domain/core/user-type";
import { isVerifiedShop } from "@/domain/people/shop-status";
import { afterNextPaint } from "@/lib/after-paint";
import { useQueryClientLoader } from "@/lib/app-query-client";
import { returnToState } from "@/lib/session/return-to";
import { hasSessionHint, keptTokenUid } from "@/lib/session/session-hint";
import { useSessionStart } from "@/lib/session/session-provider";
import { askSharedSchemasFirst } from "@/lib/session/shared-schemas";
import { LOADING_AREA_CLASSES, PageFallback } from "./layouts/root-layout";

/**
 * Who may open a route: anyone, any signed-in user, one role only, or a shop the server has verified
 * (`shop`: the feed and offers, which the rules refuse to an unverified merchant).
 */
export type RouteAccess = "public" | "authenticated" | UserType | "shop";

/**
 * THE one place where a route's declared access is applied (the route table wraps every page in it).
 *
 * - signed out → /auth, remembering where the visitor was going and the account type the page is for
 *   (the auth screens say 'Accedi per continuare' and come back to it); without a session hint on this
 *   browser this happens at once, without waiting for Firebase;
 * - signed in with the other role → the user's own dashboard (a fallback user is a customer, so it
 *   never reaches merchant screens);
 * - a merchant not yet verified on a `shop` route → /merchant, where the verification panel is (its
 *   screens would only run queries the rules deny);
 * - while the session loads → a spinner, never a flash of the protected page; a route may give a `shell`
 *   instead (its page's frame with no data of anyone, or for a conversation what this device kept of the
 *   signed-in account's own chat: /create and every data page, docs/architecture.md
 *   §7), shown to a browser with a session hint while the session and the page's code load, so that the
 *   page paints before Firebase has answered;
 *   a public page's `shell` (/auth) is shown while its code loads.
 *
 * These guards are for navigation only; security lives in the Firestore rules and the functions.
 */
type GateOptions = {
  /** The page's code download, started while the session loads (see lazy-page.tsx). */
  preload?: () => void;
  /**
   * Shown instead of the spinner while a hinted session loads: static, never anyone's data but, for a
   * conversation, this device's copy of the signed-in account's own chat (src/lib/chat-preview.ts).
   */
  shell?: ReactNode;
  /**
   * Starts the page's first reads as soon as the signed-in uid is known (on a page load, from the
   * device's session note, before Firebase has loaded: src/lib/first-read.ts), while the session still
   * loads: the page's data arrives sooner. The rules decide what may be read; a
   * page the user may not open only wastes that read.
   */
  prefetch?: RoutePrefetch;
};

/**
 * A route's first reads for `uid` (and the route's params, e.g. the conversation's id). `client` gives
 * the app's query cache, created on the first call (src/lib/app-query-client.tsx): reads over REST need
 * none, so they need not wait for its code.
 */
export type RoutePrefetch = (
  client: () => Promise<QueryClient>,
  uid: string,
  params: Readonly<Params>,
) => void;

export function RouteAccessGate({
  access,
  children,
  shell: frame,
  ...options
}: GateOptions & { access: RouteAccess; children: ReactNode }) {
  // A page's frame loads with its route (src/app/lazy-page.tsx's lazyShell): the spinner until it has.
  const shell = frame ? <Suspense fallback={<PageFallback />}>{frame}</Suspense> : undefined;
  // A public page with a frame (/auth) paints it first and keeps it while its code loads.
  if (access === "public") {
    return shell ? <FrameFirst shell={shell}>{children}</FrameFirst> : children;
  }
  return (
    <RequireAccess access={access} {...options} {...(shell ? { shell } : {})}>
      {shell ? <Suspense fallback={shell}>{children}</Suspense> : children}
    </RequireAccess>
  );
}

function RequireAccess({
  access,
  preload,
  shell,
  prefetch,
  children,
}: GateOptions & { access: Exclude<RouteAccess, "public">; children: ReactNode }) {
  const session = useSessionStart();
  const location = useLocation();
  const params = useParams();
  // After the first paint (the frame or the spinner), so the page's code does not compete with it; zod
  // and the shared schemas asked for first, so that each is evaluated in a task of its own.
  useEffect(
    () =>
      preload
        ? afterNextPaint(() => {
            askSharedSchemasFirst();
            preload();
          })
        : undefined,
    [preload],
  );
  const early =
    prefetch && session.loading ? (
      <EarlyReads prefetch={prefetch} uid={session.user?.uid} params={params} />
    ) : null;
  const role = access === "shop" ? "merchant" : access;
  const toAuth = (
    <Navigate
      to={paths.auth.getHref()}
      replace
      state={returnToState(location, role === "authenticated" ? undefined : role)}
    />
  );
  // No note of a session on this browser: the visitor is almost surely signed out, so they go to /auth
  // at once instead of watching a spinner while Firebase loads (a session found there sends them back).
  if (session.loading) {
    return (
      <>
        {early}
        {hasSessionHint() ? (shell ?? <SessionSpinner />) : toAuth}
      </>
    );
  }
  if (!session.user || !session.userData || !session.homePath) return toAuth;
  if (role !== "authenticated" && session.userData.userType !== role) {
    return <Navigate to={session.homePath} replace />;
  }
  if (access === "shop" && !isVerifiedShop(session.userData)) {
    return <Navigate to={paths.merchantDashboard.getHref()} replace />;
  }
  return children;
}

/**
 * A public page with a frame (/auth): the frame paints first, and only then is the page mounted, which
 * starts its code's download (React.lazy); the frame stays while it loads. Started during the first
 * render instead, that download would share the network with the first paint and delay it.
 */
function FrameFirst({ shell, children }: { shell: ReactNode; children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted ? <Suspense fallback={shell}>{children}</Suspense> : shell;
}

/**
 * Runs a route's `prefetch` once for the signed-in uid and the route's params (renders nothing), after
 * the first paint. Before Firebase has loaded, the uid is the one this device kept a valid session of
 * (src/lib/first-read.ts): on a page load the reads start then, not after Auth has answered.
 */
function EarlyReads({
  prefetch,
  uid,
  params,
}: {
  prefetch: RoutePrefetch;
  uid: string | undefined;
  params: Readonly<Params>;
}) {
  const queryClient = useQueryClientLoader();
  const target = uid ?? keptTokenUid();
  const latest = useRef(params);
  latest.current = params;
  const key = JSON.stringify(params);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per uid and params' values (key).
  useEffect(() => {
    if (!target) return;
    // After the first paint, as the page's code: what the reads download (their modules, and the
    // Firebase a page not yet read over REST needs) would otherwise share the network with that paint.
    // Not cancelled when the gate opens first: the reads then serve the page that has just opened.
    afterNextPaint(() => {
      askSharedSchemasFirst();
      prefetch(queryClient, target, latest.current);
    });
  }, [prefetch, queryClient, target, key]);
  return null;
}

function SessionSpinner() {
  return (
    <div className={LOADING_AREA_CLASSES}>
      <Spinner size="lg" label="Verifica dell'accesso…" />
    </div>
  );
}

/** `/dashboard` (a navigation target of spec §2): each role goes to its own dashboard. */
export function DashboardRedirect() {
  const { homePath } = useSessionStart();
  return homePath ? <Navigate to={homePath} replace /> : <SessionSpinner />;
}
