import { describe, expect, it } from "vitest";
import { appPath, clickTarget, notificationFor } from "./push.js";
import { serviceWorkerDevPlugin, serviceWorkerSource } from "./vite-plugin";

const MESSAGE = {
  title: "Nuova richiesta vicino a te: Bicicletta",
  body: "Tocca per fare la tua offerta.",
  url: "/make-offer/req-1?origin=notifica",
  kind: "new_request",
  tag: "new_request-req-1",
};

describe("the worker's push", () => {
  it("shows FCM's data-only message (fields under `data`) and a bare one alike", () => {
    for (const payload of [{ data: MESSAGE, from: "123" }, MESSAGE]) {
      expect(notificationFor(payload)).toMatchObject({
        title: MESSAGE.title,
        options: {
          body: MESSAGE.body,
          tag: MESSAGE.tag,
          data: { url: "/make-offer/req-1?origin=notifica", kind: "new_request" },
        },
      });
    }
  });

  it("shows nothing for a payload without a title", () => {
    expect(notificationFor(null)).toBeNull();
    expect(notificationFor("testo")).toBeNull();
    expect(notificationFor({ data: { body: "x" } })).toBeNull();
  });

  it("opens only this app's pages: another origin or a protocol-relative url becomes '/'", () => {
    expect(appPath("/messages/o-1")).toBe("/messages/o-1");
    expect(appPath("https://evil.example/x")).toBe("/");
    expect(appPath("//evil.example/x")).toBe("/");
    expect(appPath(undefined)).toBe("/");
    expect(notificationFor({ ...MESSAGE, url: "javascript:alert(1)" })?.options.data.url).toBe("/");
  });
});

describe("the worker's click", () => {
  const origin = "https://vicino.example";
  const target = `${origin}/make-offer/req-1?origin=notifica`;

  it("focuses the tab already on the page", () => {
    expect(clickTarget([`${origin}/merchant`, target], target, origin)).toEqual({
      action: "focus",
      index: 1,
    });
  });

  it("takes an open tab of the app to the page", () => {
    expect(clickTarget(["https://other.example/", `${origin}/merchant`], target, origin)).toEqual({
      action: "navigate",
      index: 1,
    });
  });

  it("opens a new tab when the app is not open", () => {
    expect(clickTarget([], target, origin)).toEqual({ action: "open" });
    expect(clickTarget(["https://vicino.example.evil.com/"], target, origin)).toEqual({ action: "open" });
  });
});

describe("the built worker", () => {
  it("holds the push functions as plain functions and listens to push and notificationclick", () => {
    const source = serviceWorkerSource(["/index.html"]);
    expect(source).toContain("function notificationFor(payload)");
    expect(source).not.toMatch(/^export /m);
    expect(source).toContain('self.addEventListener("push"');
    expect(source).toContain('self.addEventListener("notificationclick"');
    expect(source).not.toMatch(/importScripts|firebase\/|\bimport\(/);
  });
});

describe("the dev server's worker (npm start)", () => {
  it("serves /sw.js with the push handling and nothing precached", () => {
    let route = "";
    let handler: ((request: unknown, response: unknown) => void) | undefined;
    const server = {
      middlewares: {
        use: (path: string, fn: typeof handler) => {
          route = path;
          handler = fn;
        },
      },
    };
    const plugin = serviceWorkerDevPlugin();
    (plugin.configureServer as (server: unknown) => void)(server);
    let body = "";
    const headers: Record<string, string> = {};
    handler?.(
      {},
      {
        setHeader: (key: string, value: string) => (headers[key] = value),
        end: (text: string) => (body = text),
      },
    );
    expect(route).toBe("/sw.js");
    expect(headers["Content-Type"]).toMatch(/javascript/);
    expect(body).toMatch(/^const PRECACHE = \[\];/);
    expect(body).toContain('self.addEventListener("push"');
  });
});
