/** Public API: start the local Firestore server. */
import type { AddressInfo } from "node:net";
import { Engine } from "./engine.ts";
import { createHttpServer } from "./http-server.ts";
import { createLogger } from "./log.ts";
import { loadSnapshot, saveSnapshot } from "./snapshot.ts";

export interface FirestoreEmulatorOptions {
  host?: string;
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** Loaded on start if present, saved by stop(). */
  snapshotPath?: string;
  verbose?: boolean;
  /** Only used for logs and /ready; every project id is served. */
  projectId?: string;
}

export interface FirestoreEmulator {
  host: string;
  port: number;
  url: string;
  /** Deletes every document in every database. */
  clear(): void;
  /** Closes every stream and socket and, with snapshotPath, saves the snapshot. */
  stop(): Promise<void>;
}

export async function startFirestoreEmulator(
  options: FirestoreEmulatorOptions = {},
): Promise<FirestoreEmulator> {
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 8080;
  const log = createLogger(options.verbose ?? false);
  const engine = new Engine(log);
  if (options.snapshotPath) {
    const n = loadSnapshot(engine, options.snapshotPath);
    if (n > 0) log.info(`loaded ${n} documents from ${options.snapshotPath}`);
  }
  const http = createHttpServer(engine, log, options.projectId ?? "demo-vicino");
  await new Promise<void>((resolve, reject) => {
    http.server.once("error", reject);
    http.server.listen(port, host, () => {
      http.server.off("error", reject);
      resolve();
    });
  });
  const address = http.server.address() as AddressInfo;
  let stopped: Promise<void> | null = null;
  return {
    host,
    port: address.port,
    url: `http://${host}:${address.port}`,
    clear: () => engine.clear(),
    stop: () => {
      stopped ??= (async () => {
        await http.close();
        engine.close();
        if (options.snapshotPath) {
          const n = saveSnapshot(engine, options.snapshotPath);
          log.info(`saved ${n} documents to ${options.snapshotPath}`);
        }
      })();
      return stopped;
    },
  };
}
