import type { BrowserContext } from "playwright-core";

/**
 * The Firebase Auth SDK's popup sign-in, even against the Auth emulator, talks to the emulator's
 * helper iframe through Google's `gapi.iframes` library, loaded from https://apis.google.com/js/api.js
 * by both the app page and that iframe. This machine is offline, so for the Google test the browser
 * context serves a small stand-in for that one library (the calls the SDK and the emulator's iframe
 * make: load, getContext().open / getParentIframe(), register, send, ping, restyle), relayed with
 * postMessage. Everything else is real: the SDK's popup flow, the emulator's account picker
 * ("Add new account", "Sign in with Google.com") and its iframe relay. The emulator page's
 * stylesheets and fonts (unpkg, Google Fonts) are answered empty, as they are cosmetic.
 */
const GAPI_STAND_IN = `(() => {
  const MARK = "__vicinoGapiStandIn";
  let nextId = 1;
  const replies = new Map();

  function endpoint(target) {
    const handlers = new Map();
    const waiting = [];
    const api = {
      target,
      register(name, handler) {
        handlers.set(name, handler);
        for (const message of waiting.splice(0)) api.receive(message);
      },
      send(name, data, callback) {
        const id = nextId++;
        if (callback) replies.set(id, callback);
        target().postMessage({ [MARK]: true, kind: "send", name, data, id }, "*");
      },
      receive(message) {
        const handler = handlers.get(message.name);
        if (!handler) {
          waiting.push(message);
          return;
        }
        Promise.resolve(handler(message.data)).then((result) => {
          target().postMessage({ [MARK]: true, kind: "reply", id: message.id, responses: [result] }, "*");
        });
      },
    };
    return api;
  }

  const endpoints = [];
  const readyFrames = new Set();
  const readyWaiters = [];
  window.addEventListener("message", (event) => {
    const message = event.data;
    if (!message || message[MARK] !== true) return;
    if (message.kind === "ready") {
      readyFrames.add(event.source);
      for (const waiter of readyWaiters.splice(0)) waiter();
      return;
    }
    if (message.kind === "reply") {
      const callback = replies.get(message.id);
      replies.delete(message.id);
      try {
        callback?.(message.responses);
      } catch (error) {
        // As in gapi, an exception in a reply callback stays there.
      }
      return;
    }
    const match = endpoints.find((candidate) => candidate.target() === event.source);
    match?.receive(message);
  });

  function frame(element) {
    const api = endpoint(() => element.contentWindow);
    endpoints.push(api);
    api.restyle = () => Promise.resolve();
    api.ping = (callback) =>
      new Promise((resolve) => {
        const done = () => {
          callback?.();
          resolve();
        };
        if (readyFrames.has(element.contentWindow)) done();
        else readyWaiters.push(() => readyFrames.has(element.contentWindow) && done());
      });
    return api;
  }

  const context = {
    open(options, ready) {
      const element = document.createElement("iframe");
      const attributes = options.attributes || {};
      for (const [name, value] of Object.entries(attributes)) {
        if (name === "style") Object.assign(element.style, value);
        else element.setAttribute(name, String(value));
      }
      element.src = options.url;
      (options.where || document.body).appendChild(element);
      const opened = frame(element);
      return Promise.resolve(ready ? ready(opened) : opened);
    },
    getParentIframe() {
      const parent = endpoint(() => window.parent);
      endpoints.push(parent);
      return parent;
    },
  };

  window.gapi = {
    load(_modules, options) {
      setTimeout(() => (typeof options === "function" ? options() : options.callback()), 0);
    },
    iframes: { getContext: () => context, Iframe: function Iframe() {}, CROSS_ORIGIN_IFRAMES_FILTER: () => true },
  };

  if (window.parent !== window) window.parent.postMessage({ [MARK]: true, kind: "ready" }, "*");
  const onload = new URL(document.currentScript.src).searchParams.get("onload");
  setTimeout(() => {
    if (onload && typeof window[onload] === "function") window[onload]();
    if (typeof window.gapi_onload === "function") window.gapi_onload();
  }, 0);
})();`;

export async function serveGoogleLibrariesOffline(context: BrowserContext): Promise<void> {
  await context.route("https://apis.google.com/js/api.js**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: GAPI_STAND_IN }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: route.request().resourceType() === "script" ? "text/javascript" : "text/css",
      body: "",
    }),
  );
}
