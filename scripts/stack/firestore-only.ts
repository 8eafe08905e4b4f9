import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { findFreePorts } from "./ports";
import { startStack } from "./stack";
import { DEFAULT_PORTS } from "./stack-options";

/** A private Google Firestore emulator (rules loaded) on a free port, for scripts such as the geo bench. */
export interface StandaloneFirestore {
  /** `host:port`, what FIRESTORE_EMULATOR_HOST and configureFirestore want. */
  host: string;
  origin: string;
  stop(): Promise<void>;
}

export async function startStandaloneFirestore(projectId: string): Promise<StandaloneFirestore> {
  const rootDir = resolve(fileURLToPath(new URL("../..", import.meta.url)));
  const dataDir = mkdtempSync(join(tmpdir(), "vicino-firestore-"));
  const [firestore, firestoreWebSocket] = await findFreePorts(2);
  const stack = await startStack({
    rootDir,
    projectId,
    services: ["firestore"],
    ports: { ...DEFAULT_PORTS, firestore: firestore!, firestoreWebSocket: firestoreWebSocket! },
    dataDir,
    web: { kind: "none" },
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    host: stack.hosts.firestore,
    origin: stack.urls.firestore,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
