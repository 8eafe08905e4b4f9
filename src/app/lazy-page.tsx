import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { withQueryClientCode } from "@/lib/app-query-client";
import { PageFallback } from "./layouts/root-layout";
import { withPreloadLinksInSlices } from "./preload-links";

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts (once) downloading the page's code; rendering the page later reuses the same download. */
  preload: () => void;
};

/**
 * React.lazy with a preload handle. A guarded page renders only once the session is known, so without
 * it the page's code would start downloading only after Firebase, the auth state and the user document
 * (a waterfall on a phone's network); the route gate preloads it while the session loads.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    loading ??= withPreloadLinksInSlices(load);
    return loading;
  };
  return Object.assign(lazy(start), {
    preload: () => {
      // A failed download is retried and reported when the page renders (the error boundary shows it).
      start().catch(() => {
        loading = undefined;
      });
    },
  });
}

/**
 * A route's page that reads data (src/app/routes.tsx), loaded on first visit. Its loader reads the page as
 * a property of the imported module, a form the bundler sees through: it keeps only that export. The
 * query client's code downloads with the page's, and the page renders under the app's client
 * (src/lib/app-query-client.tsx).
 */
export function page(load: () => Promise<ComponentType>): LazyPage {
  return lazyPage(() => withQueryClientCode(load));
}

/**
 * A route's page that reads no data (the marketing pages, the legal notes, the sign-in links' landings):
 * no react-query with it (the marketing pages' 120 kB budget, architecture §8). Its use of a query
 * client would throw, in its tests too.
 */
export function plain(load: () => Promise<ComponentType>): LazyPage {
  return lazyPage(() => load().then((component) => ({ default: component })));
}

/**
 * A page's static frame (the `shell` of src/app/routes.tsx), loaded with its route rather than carried
 * by the entry chunk: the marketing pages' budget (architecture §8) has no room for every signed-in
 * page's frame. The frame is built from the page's own components, so its route downloads little more.
 * The route gate shows the loading area's spinner while it loads (src/app/route-access.tsx), and the
 * spinner stays if its chunk fails: the page itself then loads, or shows its error with a retry.
 */
export function lazyShell(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy<ComponentType>(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: PageFallback }),
    ),
  );
}
