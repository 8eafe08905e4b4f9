import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * How the bench's HTTP/2 server (./static-h2.ts) compresses text, as Firebase Hosting does: "served as
 * gzip or Brotli. We auto-select the best compression method for your content"
 * (https://firebase.google.com/docs/hosting). Chromium asks for `br` over HTTPS, so a phone on Hosting
 * downloads Brotli. Hosting does not publish its levels; both are at their maximum here (gzip 9, Brotli
 * 11), as files compressed once at upload would be. docs/content-bench.md "Method".
 */
export type ContentEncoding = "br" | "gzip";

/** The encodings a request accepts (q=0 refuses one), Brotli first when both are. */
export function pickEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}

/** A text file's body in each encoding the server offers. */
export function compressedBodies(body: Buffer): Record<ContentEncoding, Buffer> {
  return {
    br: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip: gzipSync(body, { level: 9 }),
  };
}
