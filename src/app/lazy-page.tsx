import { type ComponentType, type LazyExoticComponent, lazy } from "react";
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
