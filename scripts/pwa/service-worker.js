// Vicino's service worker (built into dist/sw.js by scripts/pwa/vite-plugin.ts, which puts the
// PRECACHE list and the build's VERSION above this text). Small and hand-written:
// - install: caches the app shell (index.html, the entry's hashed JS and CSS, the offline page, icons);
// - navigations go to the network first; when it is down, the Italian offline page answers;
// - the hashed assets (/assets/*) and the precached files come from the cache first;
// - nothing else is touched: other origins (Firestore, Auth, Functions, App Check), /api/ and
//   Firebase's /__/ paths, and every non-GET request go straight to the network, never cached;
// - push: shows the data-only message (push.js, put above this text by the build); a click opens its page.

/* global PRECACHE, VERSION, notificationFor, clickTarget */
const CACHE = `vicino-${VERSION}`;
const OFFLINE_PAGE = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith("vicino-") && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function handled(request, url) {
  if (request.method !== "GET" || url.origin !== self.location.origin) return false;
  return !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/__/");
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (!handled(request, url)) return;
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).catch(() => caches.match(OFFLINE_PAGE).then((page) => page ?? Response.error())),
    );
    return;
  }
  const precached = PRECACHE.includes(url.pathname);
  if (!precached && !url.pathname.startsWith("/assets/")) return;
  event.respondWith(
    caches.match(request).then(
      (hit) =>
        hit ??
        fetch(request).then((response) => {
          if (response.ok && url.pathname.startsWith("/assets/")) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});

function pushPayload(event) {
  try {
    return event.data ? event.data.json() : null;
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  const shown = notificationFor(pushPayload(event));
  if (shown) event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const choice = clickTarget(
        tabs.map((tab) => tab.url),
        target,
        self.location.origin,
      );
      const tab = choice.action === "open" ? undefined : tabs[choice.index];
      if (choice.action === "focus" && tab) return tab.focus();
      if (choice.action === "navigate" && tab)
        return tab.navigate(target).then((moved) => (moved ?? tab).focus());
      return self.clients.openWindow(target);
    }),
  );
});
