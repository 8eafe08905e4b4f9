// The service worker's push handling, as small pure functions (unit-tested in push.test.ts). The build
// (vite-plugin.ts) puts this text, without its `export` words, above service-worker.js, whose `push` and
// `notificationclick` listeners use them. No Firebase in the worker: the functions send data-only
// messages ({title, body, url, kind, tag}, src/domain/notifications/push.ts) and the worker shows them.

/** The message's fields from a push payload: FCM wraps them in `data`; a bare object is taken as is. */
export function pushFields(payload) {
  if (!payload || typeof payload !== "object") return null;
  const fields = payload.data && typeof payload.data === "object" ? payload.data : payload;
  return typeof fields.title === "string" && fields.title ? fields : null;
}

/** An app path from a message's url: a path of this app only, never another origin ('/' otherwise). */
export function appPath(url) {
  return typeof url === "string" && /^\/(?!\/)[^\s]*$/.test(url) ? url : "/";
}

/** What the worker shows for a payload: the title and the notification's options, or null. */
export function notificationFor(payload) {
  const fields = pushFields(payload);
  if (!fields) return null;
  return {
    title: String(fields.title).slice(0, 200),
    options: {
      body: typeof fields.body === "string" ? fields.body.slice(0, 600) : "",
      tag: typeof fields.tag === "string" && fields.tag ? fields.tag : undefined,
      data: { url: appPath(fields.url), kind: typeof fields.kind === "string" ? fields.kind : "" },
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      lang: "it",
    },
  };
}

/**
 * Where a click goes, given the open tabs' URLs: the tab already on that page (focus it), else a tab of
 * the app (take it there), else a new tab.
 */
export function clickTarget(clientUrls, target, origin) {
  const exact = clientUrls.indexOf(target);
  if (exact >= 0) return { action: "focus", index: exact };
  const own = clientUrls.findIndex((url) => url.startsWith(`${origin}/`));
  if (own >= 0) return { action: "navigate", index: own };
  return { action: "open" };
}
