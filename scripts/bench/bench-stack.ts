import { join } from "node:path";
import { seedDemoData } from "../seed/seed";
import { LOCAL_HOST } from "../stack/ports";
import { runToCompletion } from "../stack/process";
import { freeStackPorts, startStack } from "../stack/stack";
import { webEnv } from "../stack/stack-env";
import type { RunningStack } from "../stack/stack-options";
import { quietTheStack, STACK_NICE } from "./quiet-stack";
import { type StaticServer, serveStaticHttp2 } from "./static-h2";

// What `npm run bench:lighthouse` and `npm run bench:content` both stand on: the local stack on free
// ports (scripts/stack: Firestore, Auth and Functions emulators, MailDev), the SPA built with
// `vite build` for those emulators (the e2e harness's build) and served over HTTP/2 and TLS with
// Hosting's headers (scripts/bench/static-h2.ts; `preview` serves it with `vite preview`, HTTP/1.1),
// the demo marketplace seeded, and the stack's processes moved to the lowest CPU priority
// (scripts/bench/quiet-stack.ts) before the browser is measured.

export interface BenchStackOptions {
  rootDir: string;
  projectId: string;
  /** A temporary directory of the caller's: the emulators' data and the build (`dist`) go there. */
  dataDir: string;
  server: "http2" | "preview";
  verbose: boolean;
}

export interface BenchStack {
  /** Starts everything, seeds the demo data; returns the app's URL and the built SPA's directory. */
  start(): Promise<{ appUrl: string; distDir: string }>;
  /** Stops whatever `start` got to start (also when it failed halfway). Safe to call more than once. */
  stop(): Promise<void>;
}

export function benchStack(options: BenchStackOptions): BenchStack {
  const { rootDir, projectId, dataDir, server, verbose } = options;
  const distDir = join(dataDir, "dist");
  let stack: RunningStack | undefined;
  let http2: StaticServer | undefined;

  const start = async () => {
    const { ports, firebaseSupportPorts } = await freeStackPorts();
    console.log("Starting the local stack (production build, emulators)…");
    const started = Date.now();
    stack = await startStack({
      rootDir,
      projectId,
      ports,
      firebaseSupportPorts,
      dataDir,
      web: server === "http2" ? { kind: "none" } : { kind: "vite-preview", outDir: distDir },
      verbose,
    });
    if (server === "http2") {
      // The same build as the stack's vite-preview mode, served over HTTP/2.
      await runToCompletion(
        {
          name: "vite-build",
          command: process.execPath,
          args: [
            join(rootDir, "node_modules/vite/bin/vite.js"),
            "build",
            "--outDir",
            distDir,
            "--emptyOutDir",
            "--logLevel",
            "warn",
          ],
          cwd: rootDir,
          env: webEnv({ projectId, ports }),
        },
        { verbose },
      );
      http2 = await serveStaticHttp2({ dir: distDir, host: LOCAL_HOST, port: ports.web, workDir: dataDir });
    }
    await seedDemoData({ projectId, firestoreHost: stack.hosts.firestore, authHost: stack.hosts.auth });
    console.log(`Stack ready in ${((Date.now() - started) / 1000).toFixed(0)} s: ${stack.urls.app}`);
    const quieted = quietTheStack();
    if (quieted > 0)
      console.log(
        `The stack's ${quieted} processes run at nice ${STACK_NICE} (scripts/bench/quiet-stack.ts).`,
      );
    return { appUrl: http2?.url ?? stack.urls.app, distDir };
  };

  const stop = async () => {
    await http2?.close().catch(() => undefined);
    await stack?.stop().catch(() => undefined);
  };

  return { start, stop };
}
