import { LOCAL_HOST } from "./ports";
import type { ServiceProcess } from "./process";

/** The shape of a local stack: its ports, services and options, and where each service answers. */

export interface StackPorts {
  firestore: number;
  /**
   * Google's Firestore emulator opens a WebSocket port too (for firebase-tools' UI); left to chance it
   * is an ephemeral port, which can be the very port chosen for a later service.
   */
  firestoreWebSocket: number;
  auth: number;
  functions: number;
  smtp: number;
  inbox: number;
  web: number;
}

export const DEFAULT_PORTS: StackPorts = {
  firestore: 8080,
  firestoreWebSocket: 9150,
  auth: 9099,
  functions: 5001,
  smtp: 1025,
  inbox: 1080,
  web: 5173,
};

export const PORT_LABELS: Record<keyof StackPorts, string> = {
  firestore: "Firestore emulator",
  firestoreWebSocket: "Firestore emulator (WebSocket)",
  auth: "Auth emulator",
  functions: "Functions emulator",
  smtp: "MailDev (SMTP)",
  inbox: "MailDev (inbox)",
  web: "app (Vite)",
};

export const FUNCTIONS_REGION = "europe-west8";

/** The demo project `npm start` runs (a `demo-` id: the emulators never reach a real project). */
export const LOCAL_PROJECT_ID = "demo-vicino";

/** How the SPA is served: Vite's dev server (npm start) or `vite preview` of a build (tests). */
export type WebServer =
  | { kind: "vite-dev" }
  /** Builds the SPA for this stack's emulators into outDir, then serves it with `vite preview`. */
  | { kind: "vite-preview"; outDir: string }
  | { kind: "none" };

/**
 * The ports firebase-tools also opens besides Auth and Functions. A second suite (a test stack next
 * to `npm start`) must not use the defaults: the logging emulator does not move off a busy 4500.
 */
export interface FirebaseSupportPorts {
  hub: number;
  logging: number;
  eventarc: number;
  tasks: number;
}

/** The servers a stack can run besides the web app; tests that need less start less. */
export type StackService = "firestore" | "auth" | "functions" | "mail";
export const ALL_SERVICES: readonly StackService[] = ["firestore", "auth", "functions", "mail"];

export interface StackOptions {
  rootDir: string;
  /** Which servers to run (default: all of them). */
  services?: readonly StackService[];
  projectId: string;
  ports: StackPorts;
  /** Only with non-default ports (a generated firebase.json); firebase-tools' defaults otherwise. */
  firebaseSupportPorts?: FirebaseSupportPorts;
  /** Working directory for generated config, temp files and exports (e.g. `.vicino`). */
  dataDir: string;
  /**
   * Firestore starts from the export in this folder (if there is one) and writes a new one when the
   * stack stops (npm start keeps its data between runs); none: an empty database every time.
   */
  firestoreExportDir?: string;
  /** The rules file loaded into Firestore at start (default: firestore.rules at the root). */
  rulesFile?: string;
  /** Auth accounts are imported from / exported on exit to this folder. */
  authExportDir?: string;
  web: WebServer;
  /** Rebuild the functions bundle on change (the emulator reloads it). */
  watchFunctions?: boolean;
  /**
   * Call the scheduled functions at their times, as Cloud Scheduler does in production
   * (scheduled-functions.ts); tests call them when they want with `runScheduled`.
   */
  runSchedules?: boolean;
  /**
   * Put a recording proxy on the Firestore port (scripts/firestore-limits/recording-proxy.ts): the
   * emulator moves to a private port and the tests read the queries and writes it saw.
   */
  recordFirestore?: boolean;
  /** Reload the rules into Firestore when the file changes (a compile error keeps the last good rules). */
  watchRules?: boolean;
  verbose?: boolean;
  print?: (line: string) => void;
  /** Called as each service becomes ready. */
  onReady?: (service: string, elapsedMs: number) => void;
}

export interface StackUrls {
  app: string;
  inbox: string;
  auth: string;
  firestore: string;
  /** Origin of the Functions emulator; HTTPS functions live at /{project}/{region}/{name}. */
  functions: string;
}

export interface RunningStack {
  readonly options: StackOptions;
  readonly urls: StackUrls;
  /** `host:port` values, as the *_EMULATOR_HOST variables want them. */
  readonly hosts: { firestore: string; auth: string; functions: string };
  /** Resolves with the first service that exits on its own (a crash). */
  readonly crashed: Promise<ServiceProcess>;
  functionUrl(name: string): string;
  /** Runs a scheduled function now (e.g. `expireRequests`), as Cloud Scheduler would call it. */
  runScheduled(name: string, at?: Date): Promise<void>;
  stop(): Promise<void>;
}

const host = LOCAL_HOST;

export function stackUrls(ports: StackPorts): StackUrls {
  return {
    app: `http://${host}:${ports.web}`,
    inbox: `http://${host}:${ports.inbox}`,
    auth: `http://${host}:${ports.auth}`,
    firestore: `http://${host}:${ports.firestore}`,
    functions: `http://${host}:${ports.functions}`,
  };
}
