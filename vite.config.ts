import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Rolldown } from "vite";
import { serviceWorkerPlugin } from "./scripts/pwa/vite-plugin";
import { localApiProxy } from "./scripts/stack/api-proxy";
import { parseEnv } from "./src/config/env-schema";

const rootDir = fileURLToPath(new URL(".", import.meta.url));

const ENTRY = fileURLToPath(new URL("./src/main.tsx", import.meta.url));
const SESSION_RUNTIME = fileURLToPath(new URL("./src/lib/session/session-runtime.ts", import.meta.url));

/**
 * Every signed-in page loads the session runtime (src/lib/session/session-runtime.ts) and everything it
 * imports statically: Firebase Auth, Firestore Lite, the users module and the domain it parses with.
 * Left to itself the bundler cuts that into a dozen small chunks (one per data module and domain file
 * they share), each paying its own imports, exports and gzip; here they travel as one chunk, less what
 * the entry already carries (the marketing pages are unchanged). scripts/size.mjs measures the result.
 */
function sessionChunk(): (id: string, ctx: Rolldown.ChunkingContext) => string | null {
  let members: Set<string> | null = null;
  const closure = (ctx: Rolldown.ChunkingContext, start: string, seen = new Set<string>()) => {
    if (seen.has(start)) return seen;
    seen.add(start);
    for (const imported of ctx.getModuleInfo(start)?.importedIds ?? []) closure(ctx, imported, seen);
    return seen;
  };
  return (id, ctx) => {
    if (!members) {
      const entry = closure(ctx, ENTRY);
      members = new Set([...closure(ctx, SESSION_RUNTIME)].filter((module) => !entry.has(module)));
      // The runtime itself stays the lazy module the session loads (scripts/size.mjs names it).
      members.delete(SESSION_RUNTIME);
    }
    return members.has(id) ? "session" : null;
  };
}

export default defineConfig(({ mode, command }) => ({
  plugins: [react(), tailwindcss(), serviceWorkerPlugin()],
  // A build carries its environment parsed (src/config/env.ts): a bad .env fails the build, not the page.
  define:
    command === "build"
      ? {
          __VICINO_ENV__: JSON.stringify(
            parseEnv({ ...loadEnv(mode, rootDir, "VITE_"), DEV: mode === "development" }),
          ),
        }
      : {},
  resolve: {
    alias: {
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
      output: {
        codeSplitting: { groups: [{ name: sessionChunk(), includeDependenciesRecursively: false }] },
      },
    },
  },
}));
