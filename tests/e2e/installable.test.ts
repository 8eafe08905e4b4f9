// The installable app, against the production build the stack serves: the web app manifest and its icons,
// the service worker built from the Vite manifest (scripts/pwa), Chromium's own installability check, and
// the Italian offline page once the network is gone. The app registers the worker only in production
// builds for the real project (src/lib/pwa); here the test registers it on purpose.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CDPSession, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "../support/axe";
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORTS } from "../support/browser";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { startStack, stopStack, type TestStack } from "../support/stack";

let stack: TestStack;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  for (const close of closers) await close();
  await stopStack();
});

async function fetchOk(path: string): Promise<Response> {
  const response = await fetch(`${stack.urls.app}${path}`);
  expect(response.status, path).toBe(200);
  return response;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

interface WebManifest {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

async function registerWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
  });
  // The worker claims the page once active; from then on it sees the page's requests.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: SERVER_WAIT_MS,
  });
}

describe("the installable app", () => {
  it("has a manifest linked from every page, with Vicino's name, colours, start page and real icons", async () => {
    const html = await (await fetchOk("/")).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html).toContain('<meta name="theme-color" content="#0f766e"');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');

    const manifest = (await (await fetchOk("/manifest.webmanifest")).json()) as WebManifest;
    expect(manifest).toMatchObject({
      name: "Vicino",
      short_name: "Vicino",
      lang: "it",
      // The role-neutral entry: each role lands in its own area, a visitor on /auth.
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      theme_color: "#0f766e",
    });
    expect(manifest.description).toMatch(/negozi vicini/);
    const sizes: Record<string, string> = {};
    for (const icon of manifest.icons) {
      const bytes = Buffer.from(await (await fetchOk(icon.src)).arrayBuffer());
      expect(pngSize(bytes), icon.src).toBe(icon.sizes);
      sizes[`${icon.purpose} ${icon.sizes}`] = icon.src;
    }
    expect(Object.keys(sizes).sort()).toEqual(["any 192x192", "any 512x512", "maskable 512x512"]);
    expect(pngSize(Buffer.from(await (await fetchOk("/icons/apple-touch-icon.png")).arrayBuffer()))).toBe(
      "180x180",
    );
  });

  it("builds a service worker that precaches the shell the page really loads", async () => {
    const html = await (await fetchOk("/")).text();
    const source = await (await fetchOk("/sw.js")).text();
    const precache = JSON.parse(source.match(/^const PRECACHE = (\[.*\]);$/m)?.[1] ?? "[]") as string[];
    expect(precache).toEqual(
      expect.arrayContaining(["/index.html", "/offline.html", "/manifest.webmanifest"]),
    );
    const entryAssets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(entryAssets.length).toBeGreaterThan(0);
    expect(precache).toEqual(expect.arrayContaining(entryAssets));
    for (const file of precache) await fetchOk(file);
  });

  it("passes Chromium's installability check and shows the Italian offline page without network", async () => {
    // A persistent profile: Chromium never offers to install from an incognito context (playwright's default).
    const profile = mkdtempSync(join(tmpdir(), "vicino-pwa-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
      viewport: VIEWPORTS.phone,
      locale: "it-IT",
    });
    closers.push(async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${stack.urls.app}/`, { waitUntil: "load" });
    const cdp: CDPSession = await context.newCDPSession(page);
    const { errors: manifestErrors } = (await cdp.send("Page.getAppManifest")) as {
      errors: { message: string; critical: number }[];
    };
    expect(manifestErrors).toEqual([]);

    await registerWorker(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Sei offline" }).waitFor({ timeout: SERVER_WAIT_MS });
    await page.getByText(/Vicino ha bisogno della connessione/).waitFor();
    await expectAccessible(page, "pagina offline");
    // A deep link too, and 'Riprova' brings the app back once the network is.
    await page.goto(`${stack.urls.app}/customer`);
    await page.getByRole("heading", { level: 1, name: "Sei offline" }).waitFor({ timeout: SERVER_WAIT_MS });
    await context.setOffline(false);
    await page.getByRole("link", { name: "Riprova" }).click();
    await waitForPage(page, "/");
    await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: SERVER_WAIT_MS });
    expect(await page.getByText("Sei offline").count()).toBe(0);

    // Only the app's own files are cached: never the emulators' (Firestore, Auth, Functions) nor /api/.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) {
        for (const request of await (await caches.open(key)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    for (const url of cached) {
      expect(new URL(url).origin, url).toBe(new URL(stack.urls.app).origin);
      expect(new URL(url).pathname, url).not.toMatch(/^\/(api|__)\//);
    }
  });
});
