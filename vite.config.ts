import { execFileSync } from "node:child_process";
import { globSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Rolldown } from "vite";
import { firestoreLiteInteger } from "./scripts/bundle/firestore-lite-integer.ts";
import { zodWithoutJsonSchema } from "./scripts/bundle/zod-without-json-schema.ts";
import { serviceWorkerDevPlugin, serviceWorkerPlugin } from "./scripts/pwa/vite-plugin.ts";
import { localApiProxy } from "./scripts/stack/api-proxy.ts";
import { parseEnv } from "./src/config/env-schema.ts";

const rootDir = fileURLToPath(new URL(".", import.meta.url));

const ENTRY = fileURLToPath(new URL("./src/main.tsx", import.meta.url));
const SESSION_RUNTIME = fileURLToPath(new URL("./src/lib/session/session-runtime.ts", import.meta.url));
const FOLLOW_USER = fileURLToPath(new URL("./src/lib/session/follow-user.ts", import.meta.url));
const USER_PARSING = fileURLToPath(new URL("./src/data/user-parsing.ts", import.meta.url));
const KNOWN_MESSAGES = fileURLToPath(new URL("./src/domain/boundary/known-messages.ts", import.meta.url));
const START_FIRST_READS = fileURLToPath(new URL("./src/lib/start-first-reads.ts", import.meta.url));
const PAGE_QUERIES = fileURLToPath(new URL("./src/data/page-queries.ts", import.meta.url));
const KEPT_SESSION = fileURLToPath(new URL("./src/lib/session/kept-session.ts", import.meta.url));
const FIRST_READ_REGISTRY = fileURLToPath(new URL("./src/lib/first-read.ts", import.meta.url));
const QUERY_CLIENT = fileURLToPath(new URL("./src/lib/query-client.ts", import.meta.url));
const tanstack = (file: string) =>
  fileURLToPath(new URL(`./node_modules/@tanstack/${file}`, import.meta.url));
/** query-core's client and its observers, each with what it imports (their own modules, no index). */
const QUERY_CORE = ["queryClient.js", "queryObserver.js", "mutationObserver.js"].map((file) =>
  tanstack(`query-core/build/modern/${file}`),
);
/** react-query's `useQuery`, `useMutation` (not its index: it re-exports every hook), the options' helpers. */
const QUERY_HOOKS = [
  "useQuery.js",
  "useMutation.js",
  "useBaseQuery.js",
  "IsRestoringProvider.js",
  "QueryErrorResetBoundary.js",
  "errorBoundaryUtils.js",
  "suspense.js",
  "queryOptions.js",
  "infiniteQueryOptions.js",
].map((file) => tanstack(`react-query/build/modern/${file}`));
/**
 * The marketing pages (src/features/marketing/*-page.tsx): the landing in the entry, the others lazy, all
 * within the landing's budget (architecture §8), so what they import stays out of the session's chunks.
 */
const MARKETING_PAGES = globSync("src/features/marketing/*-page.tsx", { cwd: rootDir }).map((file) =>
  fileURLToPath(new URL(`./${file}`, import.meta.url)),
);
/** The features whose route starts first reads over REST (src/app/route-prefetch.ts). */
const FIRST_READ_STARTERS = ["browse", "customer", "merchant", "messages"].map((feature) =>
  fileURLToPath(new URL(`./src/features/${feature}/api/first-reads.ts`, import.meta.url)),
);

type Closure = (ctx: Rolldown.ChunkingContext, start: string) => Set<string>;
const closureOf: Closure = (ctx, start) => {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(start);
  return seen;
};

/**
 * Every signed-in page loads the session runtime (src/lib/session/session-runtime.ts: Firebase Auth)
 * and, as it starts, its second half (follow-user.ts: Firestore Lite, the users module and the domain it
 * parses with), with everything each imports statically. Left to itself the bundler cuts that into a
 * dozen small chunks (one per data module and domain file they share), each paying its own imports,
 * exports and gzip; here they travel as two chunks, `session` and `session-user`, less what the entry
 * (and, for the second, the first) already carries: the marketing pages are unchanged. Two, not one, so
 * that the browser evaluates them in two tasks (a phone's main thread is not blocked by one long one:
 * docs/lighthouse.md at 1a8da11, sixth pass). The second also carries the catalogues that
 * src/domain/boundary/known-messages.ts gathers: every signed-in page may show a server's refusal, and
 * one chunk of Italian texts compresses better than one chunk per context. A third, `session-schemas`,
 * holds the user document's parser and the schemas it is built from (src/data/user-parsing.ts, loaded
 * beside the first read): zod builds a schema when its chunk is evaluated, so these are built in a task
 * of their own, and one chunk instead of the eight small ones the bundler would cut. What a page's
 * first reads over REST need (src/lib/start-first-reads.ts: the device's token note, the REST client;
 * src/data/page-queries.ts: their queries; src/lib/session/kept-session.ts: the session it kept; what a
 * feature's api/first-reads.ts computes them with, e.g. the shop feed's plan) stays out of all three:
 * those reads go out before zod and Firebase have downloaded. scripts/size.mjs
 * measures the result.
 */
function sessionChunks(): (id: string, ctx: Rolldown.ChunkingContext) => string | null {
  let auth: Set<string> | null = null;
  let user: Set<string> | null = null;
  let schemas: Set<string> | null = null;
  let kept: Set<string> | null = null;
  let firstReads: Set<string> | null = null;
  return (id, ctx) => {
    if (!auth || !user || !schemas || !kept || !firstReads) {
      const entryOnly = new Set(
        [ENTRY, ...MARKETING_PAGES].flatMap((start) =>
          ctx.getModuleInfo(start) ? [...closureOf(ctx, start)] : [],
        ),
      );
      // The session this device kept, read by every guarded page as it starts (no Firebase, no zod).
      kept = new Set([...closureOf(ctx, KEPT_SESSION)].filter((module) => !entryOnly.has(module)));
      // The kept session stays a lazy module of its own (scripts/size.mjs names it), its code beside it.
      kept.delete(KEPT_SESSION);
      // The first reads over REST, started by the gate of a page that declares them.
      const takes = closureOf(ctx, FIRST_READ_REGISTRY);
      firstReads = new Set(
        [...closureOf(ctx, START_FIRST_READS)].filter(
          (module) => !entryOnly.has(module) && !kept?.has(module) && !takes.has(module),
        ),
      );
      // What the starters compute their queries with (the feed's plan, the filters), as far as it needs
      // no zod: left to the bundler's chunks, not the schemas' one, which waits for zod.
      const needsZod = (module: string) =>
        [...closureOf(ctx, module)].some((inner) => /\/node_modules\/zod\//.test(inner));
      const starters = FIRST_READ_STARTERS.flatMap((starter) =>
        ctx.getModuleInfo(starter) ? [...closureOf(ctx, starter)].filter((module) => !needsZod(module)) : [],
      );
      // The queries (and the collections' names) as the bundler cuts them: every data module reads the names.
      const entry = new Set([
        ...entryOnly,
        ...kept,
        KEPT_SESSION,
        ...firstReads,
        ...takes,
        ...closureOf(ctx, PAGE_QUERIES),
        ...starters,
      ]);
      // zod and the domain (schemas, texts) apart from Firebase: a page opened on the kept session needs them, not Firebase.
      const sessionAll = [
        ...closureOf(ctx, USER_PARSING),
        ...closureOf(ctx, SESSION_RUNTIME),
        ...closureOf(ctx, FOLLOW_USER),
        ...closureOf(ctx, KNOWN_MESSAGES),
      ].filter((module) => !entry.has(module));
      const isSchemaSide = (module: string) =>
        ![...closureOf(ctx, module)].some((inner) => /\/node_modules\/(@firebase|firebase)\//.test(inner));
      schemas = new Set(sessionAll.filter(isSchemaSide));
      const runtimeClosure = closureOf(ctx, SESSION_RUNTIME);
      auth = new Set(sessionAll.filter((module) => !isSchemaSide(module) && runtimeClosure.has(module)));
      user = new Set(sessionAll.filter((module) => !isSchemaSide(module) && !runtimeClosure.has(module)));
      // The parts themselves stay the lazy modules the session loads (scripts/size.mjs names them).
      auth.delete(SESSION_RUNTIME);
      user.delete(FOLLOW_USER);
      schemas.delete(USER_PARSING);
    }
    if (kept.has(id)) return "session-kept";
    if (firstReads.has(id)) return "first-reads";
    if (auth.has(id)) return "session";
    if (user.has(id)) return "session-user";
    if (!schemas.has(id)) return null;
    // zod's part in a chunk of its own, evaluated before the schemas built with it (src/lib/session/shared-schemas.ts).
    return /\/node_modules\/zod\//.test(id) ? "zod" : "session-schemas";
  };
}

/**
 * The app's query client (src/lib/query-client.ts: react-query's QueryClient, its caches, the app's
 * defaults), loaded with the first page that reads data (src/lib/app-query-client.tsx) and needed whole
 * by every such page, with `useQuery` and `useMutation` that nearly all use: one chunk, not the nine the
 * bundler would cut from react-query's modules (each paying its own imports, exports and gzip).
 * Not in the entry: the marketing pages read no data (the context, QueryClientProvider.js, stays there).
 */
function queryClientChunk(): (id: string, ctx: Rolldown.ChunkingContext) => string | null {
  let members: Set<string> | null = null;
  return (id, ctx) => {
    members ??= new Set([
      QUERY_CLIENT,
      ...QUERY_CORE.flatMap((start) => [...closureOf(ctx, start)]),
      ...QUERY_HOOKS,
    ]);
    return members.has(id) ? "query-client" : null;
  };
}

/** The build's name in error reports (src/config/release.ts): VICINO_RELEASE, else the short commit. */
function release(): string {
  if (process.env.VICINO_RELEASE) return process.env.VICINO_RELEASE;
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], {
      cwd: rootDir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "dev";
  }
}

export default defineConfig(({ mode, command }) => ({
  plugins: [
    zodWithoutJsonSchema(),
    firestoreLiteInteger(),
    react(),
    tailwindcss(),
    serviceWorkerPlugin(),
    serviceWorkerDevPlugin(),
  ],
  // A build carries its environment parsed (src/config/env.ts): a bad .env fails the build, not the page.
  define: {
    __VICINO_RELEASE__: JSON.stringify(release()),
    ...(command === "build"
      ? {
          __VICINO_ENV__: JSON.stringify(
            parseEnv({ ...loadEnv(mode, rootDir, "VITE_"), DEV: mode === "development" }),
          ),
        }
      : {}),
  },
  resolve: {
    alias: {
      // A production build carries its environment parsed (src/config/env-built.ts; before "@").
      ...(command === "build"
        ? { "@/config/env": fileURLToPath(new URL("./src/config/env-built.ts", import.meta.url)) }
        : {}),
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      // react-router's package exports only its development build (ENABLE_DEV_WARNINGS on); a production
      // build takes the production one it ships next to it: no dev warnings, smaller entry chunk.
      ...(command === "build" && mode !== "development"
        ? {
            "react-router": fileURLToPath(
              new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
            ),
          }
        : {}),
    },
  },
  // With the emulators, `/api/*` goes to the Functions emulator as Hosting rewrites do in production.
  server: { host: "127.0.0.1", port: 5173, strictPort: true, proxy: localApiProxy(mode, rootDir) },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true, proxy: localApiProxy(mode, rootDir) },
  build: {
    sourcemap: true,
    target: "es2022",
    manifest: true,
    rolldownOptions: {
      // The domain's schemas are plain zod (architecture §3): a call on `z` builds a schema and does
      // nothing else, so one that a chunk does not use is dropped from it, and a chunk builds only the
      // schemas its code reads, when it is evaluated (laziness per chunk, not per declaration).
      treeshake: { manualPureFunctions: ["z"] },
      // Rolldown warns when a module imported with import() is also imported statically elsewhere ("will
      // not move module into another chunk"). Here each such import() is there to defer evaluation, not to
      // move code: the marketing link loads pending-user-type (and zod) only on intent, and the live
      // listeners' module reaches Firestore Lite without waiting for it. Both work as meant; the note is noise.
      checks: { ineffectiveDynamicImport: false },
      output: {
        // Chunks named by their hash alone: every chunk names the chunks it imports, and the entry lists
        // every lazy module's chunks for preloading, so a 20-character name less per file is ~1 kB gzip
        // off the entry and ~4 kB off a page of 70 chunks. The manifest and the source maps still name
        // the modules (npm run size, error reports).
        entryFileNames: "assets/[hash].js",
        chunkFileNames: "assets/[hash].js",
        codeSplitting: {
          groups: [
            { name: queryClientChunk(), debugName: "query-client", includeDependenciesRecursively: false },
            { name: sessionChunks(), debugName: "session", includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
