/** What decides whether this build registers the service worker (a subset of `import.meta.env`). */
export interface BuildFlags {
  PROD: boolean;
  VITE_USE_EMULATORS?: string;
  VITE_FIREBASE_PROJECT_ID?: string;
}

/**
 * Only a production build for the real Firebase project installs the service worker (dist/sw.js, built by
 * scripts/pwa/vite-plugin.ts): not the dev server (it has no sw.js and its modules change on every edit),
 * not a build pointed at the emulators (the local stack and the end-to-end journeys, whose offline test
 * registers it on purpose), never a `demo-*` project (which only exists in the emulators).
 */
export function wantsServiceWorker(flags: BuildFlags): boolean {
  if (!flags.PROD) return false;
  if (flags.VITE_USE_EMULATORS === "true" || flags.VITE_USE_EMULATORS === "1") return false;
  return !(flags.VITE_FIREBASE_PROJECT_ID ?? "demo-").startsWith("demo-");
}

/** Registers /sw.js once the page has loaded, so it never competes with the first paint. */
export function registerServiceWorker(flags: BuildFlags): void {
  if (!wantsServiceWorker(flags) || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    // An unregistered worker only means no offline page: the app works the same without it.
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  });
}
