import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createSecureServer, type Http2SecureServer } from "node:http2";
import { extname, join, normalize, sep } from "node:path";
import { type ContentEncoding, compressedBodies, pickEncoding } from "./content-encoding";
import { localHostingHeaders } from "./hosting-headers";

/**
 * A tiny HTTPS server speaking HTTP/2, as Firebase Hosting does, for a built SPA: files from `dir`,
 * Brotli or gzip for text as the browser asks (./content-encoding.ts), long caching for hashed assets, and the SPA fallback (any path without a file gets
 * index.html, as Hosting's `"**" → /index.html` rewrite). `vite preview` only speaks HTTP/1.1 (6
 * connections per origin), which changes how a page of many small chunks loads. The certificate is
 * self-signed (openssl), so the browser needs --ignore-certificate-errors. Loopback only. Unlike
 * `vite preview` there is no `/api` proxy to the Functions emulator (the benchmarked pages do not call it).
 * Every response carries firebase.json's Hosting headers (CSP and the rest), so pages are measured
 * under them; the CSP also lets the app reach the local emulators, and HSTS is left out.
 */

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json",
};
// Source maps are left as they are: no measured load fetches them, and Brotli at its maximum would take
// 10 s more at start on this build's maps.
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".txt", ".webmanifest"]);

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, written to `dir`. */
function selfSignedCertificate(dir: string): { key: Buffer; cert: Buffer } {
  const keyFile = join(dir, "key.pem");
  const certFile = join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
}

export async function serveStaticHttp2(options: {
  dir: string;
  host: string;
  port: number;
  /** Where the certificate goes. */
  workDir: string;
}): Promise<StaticServer> {
  const { dir, host, port } = options;
  const hostingHeaders = localHostingHeaders([`http://${host}:*`, `ws://${host}:*`]);
  // Every file read and compressed before the first request, as Hosting does at upload: Brotli at its
  // maximum takes a second on the largest chunk, which must not land inside a measured load.
  const cache = new Map<string, { body: Buffer; encoded: Record<ContentEncoding, Buffer> | undefined }>();
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = join(dir, name);
    if (!statSync(file).isFile()) continue;
    const body = readFileSync(file);
    cache.set(file, { body, encoded: COMPRESSIBLE.has(extname(file)) ? compressedBodies(body) : undefined });
  }
  const server: Http2SecureServer = createSecureServer({
    ...selfSignedCertificate(options.workDir),
    allowHTTP1: true,
  });
  server.on("request", (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "https://x").pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir + sep) && file !== dir) {
      response.writeHead(403).end();
      return;
    }
    // Missing hashed assets are real 404s; every other path is a page of the SPA.
    if (!cache.has(file) && !path.startsWith("/assets/")) file = join(dir, "index.html");
    const entry = cache.get(file);
    if (!entry) {
      response.writeHead(404).end();
      return;
    }
    const { body, encoded } = entry;
    const encoding = encoded ? pickEncoding(request.headers["accept-encoding"]) : undefined;
    response.writeHead(200, {
      ...hostingHeaders,
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      ...(encoding ? { "content-encoding": encoding } : {}),
      vary: "accept-encoding",
    });
    response.end(encoding && encoded ? encoded[encoding] : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    url: `https://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Lighthouse's and Chromium's sessions may still be open: do not wait for them.
        setTimeout(resolve, 2_000).unref();
      }),
  };
}
