// Starts the Firebase Auth emulator from firebase-tools (offline), on free ports on 127.0.0.1.
//
// It runs in its own process group with its own TMPDIR (firebase-tools writes a per-project hub
// locator file there), so several runs and other engineers' emulators do not collide. Its hub and
// logging ports are free ports too (the defaults 4400/4500 would clash). Startup is CPU-bound
// (~10-15 s here: firebase-tools compiles the Identity Toolkit OpenAPI schema), so start it once per
// test file and in parallel with everything else.

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { getFreePort, waitForHttp } from "./net.ts";

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

export interface AuthEmulator {
  host: string;
  port: number;
  /** e.g. http://127.0.0.1:41234, what `connectAuthEmulator` wants. */
  url: string;
  projectId: string;
  /** Creates an e-mail/password user through the emulator's REST API (accounts:signUp). */
  createUser(email: string, password: string, displayName?: string): Promise<TestUser>;
  /** Deletes every user (DELETE /emulator/v1/projects/{p}/accounts). */
  clear(): Promise<void>;
  stop(): Promise<void>;
}

export interface AuthEmulatorOptions {
  projectId: string;
  host?: string;
  /** 0 or undefined: a free port. */
  port?: number;
  timeoutMs?: number;
}

const require = createRequire(import.meta.url);

function firebaseToolsBin(): string {
  const pkg = require.resolve("firebase-tools/package.json");
  return join(dirname(pkg), "lib", "bin", "firebase.js");
}

const running = new Set<ChildProcess>();
process.once("exit", () => {
  // Last resort if a test run dies without its afterAll: never leave an emulator behind.
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const host = options.host ?? "127.0.0.1";
  const { projectId } = options;
  const dir = await mkdtemp(join(tmpdir(), "vicino-auth-emulator-"));
  const port = options.port || (await getFreePort(host));
  const config = {
    emulators: {
      auth: { host, port },
      hub: { host, port: await getFreePort(host) },
      logging: { host, port: await getFreePort(host) },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  await writeFile(join(dir, "firebase.json"), JSON.stringify(config));

  const child = spawn(
    process.execPath,
    [
      firebaseToolsBin(),
      "emulators:start",
      "--only",
      "auth",
      "--project",
      projectId,
      "--config",
      join(dir, "firebase.json"),
    ],
    {
      cwd: dir,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      // CI=1 skips the MOTD fetch (no network here); TMPDIR keeps its hub locator file private.
      env: { ...process.env, CI: "1", TMPDIR: dir, FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true" },
    },
  );
  running.add(child);
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let exitInfo: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exitInfo = `firebase-tools exited (code ${code}, signal ${signal})`;
      running.delete(child);
      resolve();
    });
  });

  const url = `http://${host}:${port}`;
  const stop = async () => {
    if (!exitInfo) {
      killGroup(child, "SIGTERM");
      const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    // Children (if any) share the group; make sure none survives the leader.
    killGroup(child, "SIGKILL");
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await waitForHttp(`${url}/`, {
      timeoutMs: options.timeoutMs ?? 120_000,
      alive: () => exitInfo,
      intervalMs: 200,
    });
  } catch (e) {
    await stop();
    throw new Error(
      `Auth emulator did not start: ${(e as Error).message}\n--- firebase-tools output ---\n${output}`,
    );
  }

  return {
    host,
    port,
    url,
    projectId,
    async createUser(email, password, displayName) {
      const res = await fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
      });
      const body = (await res.json()) as { localId?: string; idToken?: string; error?: { message?: string } };
      if (!res.ok || !body.localId || !body.idToken) {
        throw new Error(`accounts:signUp ${email} failed: HTTP ${res.status} ${JSON.stringify(body)}`);
      }
      return { uid: body.localId, email, password, idToken: body.idToken };
    },
    async clear() {
      const res = await fetch(`${url}/emulator/v1/projects/${projectId}/accounts`, { method: "DELETE" });
      if (!res.ok) throw new Error(`clearing auth users failed: HTTP ${res.status}`);
    },
    stop,
  };
}
