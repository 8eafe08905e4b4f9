import { lazy, Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { AppErrorBoundary } from "../error-boundary";
import { SiteHeader } from "./site-header";
import { SuspensionNotice } from "./suspension-notice";

/** Below the fold (main is at least a viewport tall): loaded after the page's own code, not before it. */
const SiteFooter = lazy(() => import("./site-footer").then((module) => ({ default: module.SiteFooter })));

/**
 * What a full page load does by itself, redone for client-side navigation: a new page starts at the
 * top (back/forward keeps the browser's position; #anchors scroll to their target), and focus moves
 * to <main> so keyboard and screen-reader users start from the new content.
 */
function usePageChangeEffects() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const mainRef = useRef<HTMLElement>(null);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigationType !== "POP" && !hash) window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, hash, navigationType]);
  return mainRef;
}

/**
 * Loading placeholders fill the viewport below the header, so the footer stays out of sight until the
 * page arrives instead of jumping down when it does (layout shift, architecture §8's CLS budget).
 */
export const LOADING_AREA_CLASSES =
  "flex min-h-[calc(100dvh-4rem)] items-center justify-center text-brand-700";

/** The loading area's spinner: a page (or its frame) still downloading. */
export function PageFallback() {
  return (
    <div className={LOADING_AREA_CLASSES}>
      <Spinner size="lg" />
    </div>
  );
}

/**
 * Screens that are an app window as tall as the viewport (the messages: list and chat scroll on their
 * own, the composer at the bottom): the marketing footer would only sit under the chat.
 */
function isFullScreen(pathname: string): boolean {
  const messages = paths.messages.getHref();
  return pathname === messages || pathname.startsWith(`${messages}/`);
}

export function RootLayout() {
  const mainRef = usePageChangeEffects();
  const { pathname } = useLocation();
  const fullScreen = isFullScreen(pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <SuspensionNotice />
      {/* Above a footer, at least as tall as the viewport below the header: a page still loading its
          data never shows the footer, which its content would then push down (layout shift). A
          full-screen page has no footer and fills what the header leaves (flex-1). */}
      <main
        id="contenuto"
        ref={mainRef}
        tabIndex={-1}
        className={fullScreen ? "flex-1 outline-none" : "min-h-[calc(100dvh-4rem)] flex-1 outline-none"}
      >
        {/* A page that fails to render (or whose lazy chunk fails to load) keeps the header. */}
        <AppErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </AppErrorBoundary>
      </main>
      {fullScreen ? null : (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
    </div>
  );
}
