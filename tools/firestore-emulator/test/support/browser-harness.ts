// The browser conformance harness: our Firestore server, the Firebase Auth emulator, headless Chromium
// and the bundled SDK test page, all on 127.0.0.1, plus signed-in users in separate browser contexts.
//
//   const h = await startBrowserHarness();            // beforeAll (one per test file)
//   const alice = await h.openClient({ user: h.users.a });
//   const bob = await h.openClient({ user: h.users.b, transport: "long-polling" });
//   await h.reset();                                   // beforeEach/afterEach: listeners off, data cleared
//   await h.restartFirestore({ during: async () => {...} });  // same port, same snapshot file
//   await h.stop();                                    // afterAll: stops everything it started

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { type AuthEmulator, startAuthEmulator, type TestUser } from "./auth-emulator.ts";
import { bundleBrowserScript, launchChromium, type StaticServer, startStaticServer } from "./browser.ts";
import { FirestoreBrowserClient } from "./firestore-client.ts";
import type { Transport } from "./page/protocol.ts";

export const CONFORMANCE_PROJECT_ID = "demo-vicino-conformance";

/** What `startFirestoreEmulator` (tools/firestore-emulator/src/index.ts) returns. */
export interface FirestoreServer {
  host: string;
  port: number;
  url: string;
  clear(): void | Promise<void>;
  stop(): Promise<void>;
}

export interface FirestoreServerOptions {
  host?: string;
  port?: number;
  snapshotPath?: string;
  verbose?: boolean;
  projectId?: string;
}

export type StartFirestore = (options: FirestoreServerOptions) => Promise<FirestoreServer>;

async function defaultStartFirestore(options: FirestoreServerOptions): Promise<FirestoreServer> {
  const mod = await import("../../src/index.ts");
  return mod.startFirestoreEmulator(options);
}

export interface BrowserHarnessOptions {
  projectId?: string;
  /** Users to create in the Auth emulator, by key (default: `a` and `b`). */
  users?: Record<string, { email: string; password: string; displayName?: string }>;
  /** Verbose server log (also: VICINO_FIRESTORE_VERBOSE=1). */
  verbose?: boolean;
  startFirestore?: StartFirestore;
}

export interface OpenOptions {
  user?: TestUser;
  transport?: Transport;
  name?: string;
  logLevel?: "debug" | "error" | "silent";
}

export interface BrowserHarness {
  projectId: string;
  auth: AuthEmulator;
  /** The current server (replaced by `restartFirestore`). */
  firestore: FirestoreServer;
  browser: Browser;
  pageServer: StaticServer;
  snapshotPath: string;
  users: Record<string, TestUser>;
  /** The user created under `key` (throws if there is none). */
  user(key: string): TestUser;
  /** Opens a new browser context with the SDK page, signed in as `user` when given. Closed by `stop()`. */
  openClient(options?: OpenOptions): Promise<FirestoreBrowserClient>;
  /** Turns off every listener in every open client, then clears all Firestore data. */
  reset(): Promise<void>;
  /** The emulator's REST clear: DELETE /emulator/v1/projects/{p}/databases/(default)/documents. */
  clearViaRest(): Promise<Response>;
  /**
   * Stops the server (it saves its snapshot), runs `during` while it is down, then starts a new
   * server on the same host and port with the same snapshot file.
   */
  restartFirestore(options?: { during?: () => Promise<void> }): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULT_USERS = {
  a: { email: "alice@vicino.test", password: "password-alice", displayName: "Alice" },
  b: { email: "bruno@vicino.test", password: "password-bruno", displayName: "Bruno" },
};

export async function startBrowserHarness(options: BrowserHarnessOptions = {}): Promise<BrowserHarness> {
  const projectId = options.projectId ?? CONFORMANCE_PROJECT_ID;
  const startFirestore = options.startFirestore ?? defaultStartFirestore;
  const verbose = options.verbose ?? process.env.VICINO_FIRESTORE_VERBOSE === "1";
  const dir = await mkdtemp(join(tmpdir(), "vicino-browser-conformance-"));
  const snapshotPath = join(dir, "firestore.snapshot.json");
  const host = "127.0.0.1";

  const cleanups: Array<() => Promise<void>> = [];
  const settle = async <T>(p: Promise<T>, cleanup: (v: T) => Promise<void>): Promise<T> => {
    const v = await p;
    cleanups.push(() => cleanup(v));
    return v;
  };
  const stopAll = async () => {
    const errors: unknown[] = [];
    for (const c of cleanups.reverse()) {
      try {
        await c();
      } catch (e) {
        errors.push(e);
      }
    }
    cleanups.length = 0;
    await rm(dir, { recursive: true, force: true });
    if (errors.length) throw errors[0];
  };

  // The server is replaced by restartFirestore: cleanup stops whichever one is current, once.
  let current: FirestoreServer | undefined;
  const stoppedServers = new WeakSet<FirestoreServer>();
  const stopServer = async (server: FirestoreServer | undefined) => {
    if (!server || stoppedServers.has(server)) return;
    stoppedServers.add(server);
    await server.stop();
  };
  cleanups.push(() => stopServer(current));

  let auth: AuthEmulator;
  let browser: Browser;
  let pageServer: StaticServer;
  const users: Record<string, TestUser> = {};
  try {
    // Everything in parallel: the Auth emulator dominates (~10-15 s of CPU).
    const results = await Promise.allSettled([
      settle(startAuthEmulator({ projectId }), (a) => a.stop()),
      startFirestore({ host, port: 0, snapshotPath, verbose, projectId }).then((f) => {
        current = f;
        return f;
      }),
      settle(launchChromium(), (b) => b.close()),
      settle(
        bundleBrowserScript().then((script) => startStaticServer(script, host)),
        (s) => s.close(),
      ),
    ]);
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    [auth, , browser, pageServer] = results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as [
      AuthEmulator,
      FirestoreServer,
      Browser,
      StaticServer,
    ];
    for (const [key, u] of Object.entries(options.users ?? DEFAULT_USERS)) {
      users[key] = await auth.createUser(u.email, u.password, u.displayName);
    }
  } catch (e) {
    await stopAll().catch(() => {});
    throw e;
  }
  const server = (): FirestoreServer => {
    if (!current) throw new Error("the Firestore server is not running");
    return current;
  };

  const clients = new Set<FirestoreBrowserClient>();
  let stopped = false;

  const harness: BrowserHarness = {
    projectId,
    auth,
    get firestore() {
      return server();
    },
    browser,
    pageServer,
    snapshotPath,
    users,
    user(key) {
      const u = users[key];
      if (!u) throw new Error(`no test user "${key}"`);
      return u;
    },
    async openClient(o: OpenOptions = {}) {
      const client = await FirestoreBrowserClient.open(browser, {
        pageUrl: pageServer.pageUrl,
        name: o.name,
        user: o.user,
        config: {
          projectId,
          authEmulatorUrl: auth.url,
          firestoreHost: server().host,
          firestorePort: server().port,
          transport: o.transport ?? "auto",
          logLevel: o.logLevel,
        },
      });
      clients.add(client);
      client.context.on("close", () => clients.delete(client));
      return client;
    },
    async reset() {
      await Promise.all([...clients].map((c) => c.unlistenAll().catch(() => {})));
      await server().clear();
    },
    clearViaRest() {
      return fetch(`${server().url}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
        method: "DELETE",
      });
    },
    async restartFirestore(o = {}) {
      const { host: h, port } = server();
      await stopServer(current);
      current = undefined;
      try {
        await o.during?.();
      } finally {
        current = await startFirestore({ host: h, port, snapshotPath, verbose, projectId });
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.all([...clients].map((c) => c.close().catch(() => {})));
      await stopAll();
    },
  };
  return harness;
}
