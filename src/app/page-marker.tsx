import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Marks the document with the path of the page on screen (`<html data-page="/customer">`) once that page
 * has rendered: the route table wraps every page in it, inside its access gate, so neither the spinner
 * nor a route's frame sets it. Navigation is a React transition, so the address bar changes before the
 * new page is on screen; the journeys wait on this marker instead (tests/support/page-ready.ts).
 */
export function PageMarker({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.page = pathname;
    return () => {
      if (root.dataset.page === pathname) delete root.dataset.page;
    };
  }, [pathname]);
  return children;
}
