import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Manifest, Plugin } from "vite";

const WORKER_SOURCE = new URL("./service-worker.js", import.meta.url);
/** The worker's pure push functions (an ES module for their tests; plain functions in the worker). */
const PUSH_SOURCE = new URL("./push.js", import.meta.url);

/** Always precached besides the entry: the shell, the offline page and what the manifest names. */
export const SHELL_FILES = [
  "/index.html",
  "/offline.html",
  "/offline.css",
  "/offline.js",
  "/manifest.webmanifest",
  "/favicon.svg",
  "/icons/icon-192.png",
];

/**
 * The app shell from the build's manifest (.vite/manifest.json): the shell files, the entry chunk, the
 * chunks it imports statically and their CSS. Lazy routes are not precached; they are cached as they load.
 */
export function precacheList(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("The build's manifest has no entry chunk");
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return [...SHELL_FILES, ...[...files].sort()];
}

/** dist/sw.js: the precache list and a version (its hash, so each build replaces the old cache) above the worker. */
export function serviceWorkerSource(precache: readonly string[]): string {
  const push = readFileSync(PUSH_SOURCE, "utf8").replace(/^export /gm, "");
  const worker = `${push}\n${readFileSync(WORKER_SOURCE, "utf8")}`;
  const version = createHash("sha256")
    .update(JSON.stringify(precache))
    .update(worker)
    .digest("hex")
    .slice(0, 12);
  return `const PRECACHE = ${JSON.stringify(precache)};\nconst VERSION = "${version}";\n${worker}`;
}

/** Writes dist/sw.js after a production build (the dev server has no service worker). */
export function serviceWorkerPlugin(): Plugin {
  let outDir = "dist";
  return {
    name: "vicino-service-worker",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const asset = bundle[".vite/manifest.json"];
      const manifestText =
        asset?.type === "asset"
          ? String(asset.source)
          : readFileSync(join(dir, ".vite", "manifest.json"), "utf8");
      writeFileSync(join(dir, "sw.js"), serviceWorkerSource(precacheList(JSON.parse(manifestText))));
    },
  };
}

/**
 * The dev server's /sw.js (npm start): the same worker with nothing precached, so turning notifications
 * on works locally (push needs a worker) while the dev server's modules are never cached.
 */
export function serviceWorkerDevPlugin(): Plugin {
  return {
    name: "vicino-service-worker-dev",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use("/sw.js", (_request, response) => {
        response.setHeader("Content-Type", "text/javascript; charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        response.end(serviceWorkerSource([]));
      });
    },
  };
}
