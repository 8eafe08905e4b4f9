// Chromium (Debian's /usr/bin/chromium through playwright-core), the bundled test page, and a tiny
// static server for it on 127.0.0.1.

import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Timers in background pages must not be throttled: the SDK's backoff and WebChannel timers run there.
  "--disable-background-timer-throttling",
  "--disable-renderer-backgrounding",
  "--disable-backgrounding-occluded-windows",
];

/** Launches headless Chromium. playwright gives it a fresh temporary --user-data-dir. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Bundles a browser entry (default: the Firestore test page) as one IIFE script, in memory. */
export async function bundleBrowserScript(
  entry = fileURLToPath(new URL("./page/main.ts", import.meta.url)),
): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "browser",
    format: "iife",
    target: "es2022",
    write: false,
    // Inline source maps make the page ~6x bigger and slower to load; opt in when debugging.
    sourcemap: process.env.VICINO_PAGE_SOURCEMAP === "1" ? "inline" : false,
    logLevel: "silent",
    define: { "process.env.NODE_ENV": '"development"' },
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error("esbuild produced no output");
  return file.text;
}

export interface StaticServer {
  /** e.g. http://127.0.0.1:41235 */
  origin: string;
  /** The test page: an empty document that loads the bundle. */
  pageUrl: string;
  close(): Promise<void>;
}

const PAGE_HTML = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>Vicino Firestore conformance</title></head>
<body><script src="/app.js"></script></body></html>`;

/** Serves `/` (the page) and `/app.js` (the bundle) on 127.0.0.1 and a free port. */
export async function startStaticServer(script: string, host = "127.0.0.1"): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/" || path === "/index.html") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(PAGE_HTML);
    } else if (path === "/app.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      res.end(script);
    } else if (path === "/favicon.ico") {
      res.writeHead(204);
      res.end();
    } else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    pageUrl: `${origin}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
