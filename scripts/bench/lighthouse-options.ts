import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// `npm run bench:lighthouse`'s options (environment; see lighthouse.ts) and where it writes.

export const RUNS = Number(process.env.BENCH_LH_RUNS ?? 5);
/** `BENCH_LH_PAGES=create,customer` measures those pages only (ids in lighthouse-pages.ts); default all. */
export const PAGES = process.env.BENCH_LH_PAGES?.split(",").map((page) => page.trim());
/**
 * How long Lighthouse waits for a page to settle. The signed-in pages keep a Firestore listener's
 * request open, so the network never goes quiet and Lighthouse would wait its default 45 s every run;
 * the metrics come from the trace of these seconds (every page is interactive well before).
 */
export const MAX_WAIT_FOR_LOAD_MS = Number(process.env.BENCH_LH_MAX_WAIT_MS ?? 20_000);
export const WRITE_DOC = process.env.BENCH_LH_NO_DOC !== "1";
export const VERBOSE = process.env.BENCH_LH_VERBOSE === "1";
/** `http2`: scripts/bench/static-h2.ts, as Hosting serves; `preview`: `vite preview` (HTTP/1.1), as the e2e harness. */
export const SERVER = process.env.BENCH_LH_SERVER ?? "http2";
export const REPORTS_DIR = process.env.BENCH_LH_REPORTS ? resolve(process.env.BENCH_LH_REPORTS) : undefined;
/** `BENCH_LH_PROFILE=DIR`: one CPU profile per page too (scripts/bench/cpu-profile.ts). */
export const PROFILE_DIR = process.env.BENCH_LH_PROFILE ? resolve(process.env.BENCH_LH_PROFILE) : undefined;
export const PROJECT_ID = "demo-vicino";
export const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const DOC = join(root, "docs/lighthouse.md");
export const NOTES_MARKER =
  "<!-- Notes below this line are written by hand and kept by npm run bench:lighthouse. -->";
