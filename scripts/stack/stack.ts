import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import {
  exportFirestore,
  exportMetadataPath,
  FIRESTORE_EMULATOR_INSTALL_HINT,
  findFirestoreEmulator,
  firestoreAnswers,
  firestoreEmulatorArgs,
  loadRules,
  watchRulesFile,
} from "./firestore-emulator";
import { findFreePorts, LOCAL_HOST } from "./ports";
import {
  type OutputOptions,
  runToCompletion,
  ServiceError,
  ServiceProcess,
  type ServiceSpec,
} from "./process";
import { httpAnswers, waitUntil } from "./wait";

/**
 * The local Vicino stack: Google's Firestore emulator with firestore.rules loaded, the
 * firebase-tools Auth and Functions emulators, MailDev and the web server. `npm start` runs it on the fixed ports of firebase.json; the
 * test harness runs the same thing on free ports.
 */

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
  firestore: "emulatore Firestore",
  firestoreWebSocket: "emulatore Firestore (WebSocket)",
  auth: "emulatore Auth",
  functions: "emulatore Functions",
  smtp: "MailDev (SMTP)",
  inbox: "MailDev (posta in arrivo)",
  web: "app (Vite)",
};

export const FUNCTIONS_REGION = "europe-west8";

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
  stop(): Promise<void>;
}

const host = LOCAL_HOST;
const live = new Set<ServiceProcess>();
let exitHookInstalled = false;
let shuttingDown = false;

/**
 * Stops every service this process started, even from a stack still starting up (Ctrl-C
 * during startup); no further service is launched afterwards.
 */
export async function stopAllServices(): Promise<void> {
  shuttingDown = true;
  await Promise.all([...live].map((service) => service.stop(20_000)));
  live.clear();
}

/** Last resort: SIGKILL every process group at once (second Ctrl-C). */
export function killAllServices(): void {
  shuttingDown = true;
  for (const service of live) service.killGroup();
}

/** If this process dies without stopping the stack, take the children with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const service of live) service.killGroup();
  });
}

function nodeModule(rootDir: string, ...path: string[]): string {
  // npm workspaces hoist every tool to the root node_modules.
  return join(rootDir, "node_modules", ...path);
}

/** VITE_* variables that point the SPA at this stack's emulators. */
export function webEnv(options: Pick<StackOptions, "projectId" | "ports">): Record<string, string> {
  return {
    VITE_FIREBASE_PROJECT_ID: options.projectId,
    VITE_USE_EMULATORS: "true",
    VITE_EMULATOR_HOST: host,
    VITE_AUTH_EMULATOR_PORT: String(options.ports.auth),
    VITE_FIRESTORE_EMULATOR_PORT: String(options.ports.firestore),
    VITE_FUNCTIONS_EMULATOR_PORT: String(options.ports.functions),
    VITE_FUNCTIONS_REGION: FUNCTIONS_REGION,
  };
}

/** What the functions see: the Firestore emulator, MailDev as SMTP server, and the app URL for links. */
export function functionsEnv(options: Pick<StackOptions, "ports">): Record<string, string> {
  return {
    FIRESTORE_EMULATOR_HOST: `${host}:${options.ports.firestore}`,
    METADATA_SERVER_DETECTION: "none",
    SMTP_HOST: host,
    SMTP_PORT: String(options.ports.smtp),
    SMTP_SECURE: "false",
    MAIL_FROM: "Vicino <noreply@vicino.test>",
    APP_URL: `http://${host}:${options.ports.web}`,
  };
}

/** Keys the functions read from their environment that depend on this stack's ports. */
function functionsUserEnv(options: Pick<StackOptions, "ports">): Record<string, string> {
  const {
    FIRESTORE_EMULATOR_HOST: _host,
    METADATA_SERVER_DETECTION: _metadata,
    ...rest
  } = functionsEnv(options);
  return rest;
}

function parseDotenv(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (match) entries.set(match[1]!, match[2]!);
  }
  return entries;
}

/**
 * On ports other than firebase.json's, firebase-tools gets a copy of firebase.json written to
 * dataDir (it takes the project dir from the config's folder). The functions' .env files are
 * copied into a private configDir with this stack's SMTP/app values on top: the emulator lets
 * .env files override the process environment, so functions/.env.local (written for
 * `npm start`'s ports) would otherwise send this stack's mail to the default MailDev.
 */
function firebaseConfigArgs(options: StackOptions): string[] {
  const { ports, rootDir, dataDir, projectId } = options;
  const isDefault = (Object.keys(DEFAULT_PORTS) as (keyof StackPorts)[]).every(
    (key) => ports[key] === DEFAULT_PORTS[key],
  );
  if (isDefault) return [];
  const repoConfig = JSON.parse(readFileSync(join(rootDir, "firebase.json"), "utf8")) as {
    functions?: Array<Record<string, unknown>>;
  };
  const functionsDir = join(rootDir, "functions");
  const configDir = join(dataDir, "functions-config");
  mkdirSync(configDir, { recursive: true });
  for (const name of [".env", `.env.${projectId}`, ".secret.local"]) {
    const source = join(functionsDir, name);
    if (existsSync(source)) writeFileSync(join(configDir, name), readFileSync(source));
  }
  const localSource = join(functionsDir, ".env.local");
  const local = existsSync(localSource)
    ? parseDotenv(readFileSync(localSource, "utf8"))
    : new Map<string, string>();
  for (const [key, value] of Object.entries(functionsUserEnv(options))) local.set(key, JSON.stringify(value));
  writeFileSync(
    join(configDir, ".env.local"),
    `${[...local].map(([key, value]) => `${key}=${value}`).join("\n")}\n`,
  );

  const config = {
    functions: (repoConfig.functions ?? [{ source: "functions" }]).map((entry) => ({
      ...entry,
      source: relative(dataDir, functionsDir) || ".",
      configDir: relative(dataDir, configDir),
    })),
    emulators: {
      auth: { host, port: ports.auth },
      functions: { host, port: ports.functions },
      ...(options.firebaseSupportPorts
        ? Object.fromEntries(
            Object.entries(options.firebaseSupportPorts).map(([name, port]) => [name, { host, port }]),
          )
        : {}),
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const path = join(dataDir, "firebase.json");
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  return ["--config", path];
}

const firebaseNoise = [
  /MOTD/,
  /Emulator UI is not starting/,
  /multiple instances of the emulator suite/,
  /emulators are not running, calls to these services/,
  /Unable to fetch the CLI/,
];

function importantFirebaseLine(line: string): boolean {
  if (firebaseNoise.some((pattern) => pattern.test(line))) return false;
  // firebase-functions' own DEBUG entries (one per callable: "Callable request verification passed").
  if (/"severity":"DEBUG"/.test(line)) return false;
  // `>` lines are the functions' own logs; `⚠`/`!`/`✖` are warnings and errors.
  return /^(>|⚠|!|✖)/.test(line) || /\berror\b/i.test(line);
}

/**
 * The Java emulator logs every request at INFO, refused ones included (a rules denial is a normal
 * answer, shown to the app); only the emulator's own failures are worth a developer's eye.
 */
const importantFirestoreLine = (line: string) =>
  /^SEVERE:|Exception in thread|OutOfMemoryError|Address already in use/.test(line);

/** npm start's saved Firestore: firestoreExportDir/saved/{name}/{name}.overall_export_metadata. */
const FIRESTORE_EXPORT_NAME = "firestore_export";

export function savedFirestoreExport(exportDir: string): string {
  return exportMetadataPath(join(exportDir, "saved"), FIRESTORE_EXPORT_NAME);
}

/**
 * Writes a fresh export beside the saved one, then swaps the folders (the metadata names its
 * export, so folders move, never files), so an interrupted save never loses npm start's data.
 */
async function saveFirestore(origin: string, projectId: string, exportDir: string): Promise<void> {
  const saving = join(exportDir, "saving");
  rmSync(saving, { recursive: true, force: true });
  mkdirSync(saving, { recursive: true });
  await exportFirestore(origin, projectId, saving, FIRESTORE_EXPORT_NAME);
  const saved = join(exportDir, "saved");
  rmSync(saved, { recursive: true, force: true });
  renameSync(saving, saved);
}

const errorLine = (line: string) => /\b(error|errore|exception)\b/i.test(line) || /✘/.test(line);

export function serviceSpecs(options: StackOptions): Record<string, ServiceSpec> {
  const { rootDir, ports, projectId, dataDir } = options;
  const node = process.execPath;
  const emulator = findFirestoreEmulator();
  if (!emulator) throw new ServiceError(FIRESTORE_EMULATOR_INSTALL_HINT);
  const exportDir = options.firestoreExportDir;
  const savedExport = exportDir ? savedFirestoreExport(exportDir) : undefined;
  const firestoreArgs = firestoreEmulatorArgs(emulator, {
    host,
    port: ports.firestore,
    webSocketPort: ports.firestoreWebSocket,
    projectId,
    ...(savedExport && existsSync(savedExport) ? { seedFromExport: savedExport } : {}),
    functionsEmulator: `${host}:${ports.functions}`,
  });
  const wanted = new Set(options.services ?? ALL_SERVICES);
  const firebaseTargets = (["auth", "functions"] as const).filter((name) => wanted.has(name));
  const authExport = options.authExportDir;
  const firebaseArgs = [
    nodeModule(rootDir, "firebase-tools/lib/bin/firebase.js"),
    "emulators:start",
    "--only",
    firebaseTargets.join(","),
    "--project",
    projectId,
    ...firebaseConfigArgs(options),
    ...(authExport && existsSync(join(authExport, "firebase-export-metadata.json"))
      ? ["--import", authExport]
      : []),
    ...(authExport ? ["--export-on-exit", authExport] : []),
  ];
  const usesGeneratedConfig = firebaseArgs.includes("--config");
  const tmp = join(dataDir, "tmp");
  if (usesGeneratedConfig) mkdirSync(tmp, { recursive: true });

  const all: Record<string, ServiceSpec> = {
    firestore: {
      name: "firestore",
      command: emulator.command,
      args: firestoreArgs,
      cwd: dataDir,
      important: importantFirestoreLine,
      ...(exportDir
        ? { beforeStop: () => saveFirestore(`http://${host}:${ports.firestore}`, projectId, exportDir) }
        : {}),
    },
    firebase: {
      name: "firebase",
      command: node,
      args: firebaseArgs,
      cwd: usesGeneratedConfig ? dataDir : rootDir,
      env: {
        ...functionsEnv(options),
        // A private temp dir keeps the hub locator of a second suite for the same project apart.
        ...(usesGeneratedConfig ? { TMPDIR: tmp } : {}),
        // firebase-tools must not wait for an interactive prompt or an update check.
        CI: "true",
        NO_UPDATE_NOTIFIER: "1",
      },
      important: importantFirebaseLine,
    },
    maildev: {
      name: "maildev",
      command: node,
      args: [
        // A wrapper around maildev's bin: see maildev.cjs for the bug it works around.
        join(rootDir, "scripts/stack/maildev.cjs"),
        "--smtp",
        String(ports.smtp),
        "--web",
        String(ports.inbox),
        "--ip",
        host,
        "--mail-directory",
        join(dataDir, "maildev"),
        ...(options.verbose ? ["--verbose"] : []),
      ],
      cwd: rootDir,
      important: errorLine,
    },
    functionsBuild: {
      name: "functions",
      command: node,
      args: [join(rootDir, "functions/build.mjs")],
      cwd: rootDir,
      important: (line) => errorLine(line) || /✘|\[ERROR\]/.test(line),
    },
  };
  const specs: Record<string, ServiceSpec> = {};
  if (wanted.has("firestore")) specs.firestore = all.firestore!;
  if (firebaseTargets.length > 0) specs.firebase = all.firebase!;
  if (wanted.has("mail")) specs.maildev = all.maildev!;
  if (wanted.has("functions")) specs.functionsBuild = all.functionsBuild!;
  const vite = nodeModule(rootDir, "vite/bin/vite.js");
  const webArgs = ["--host", host, "--port", String(ports.web), "--strictPort", "--clearScreen", "false"];
  if (options.web.kind === "vite-dev") {
    specs.web = {
      name: "vite",
      command: node,
      args: [vite, ...webArgs],
      cwd: rootDir,
      env: webEnv(options),
      important: errorLine,
    };
  } else if (options.web.kind === "vite-preview") {
    specs.webBuild = {
      name: "vite-build",
      command: node,
      args: [vite, "build", "--outDir", options.web.outDir, "--emptyOutDir", "--logLevel", "warn"],
      cwd: rootDir,
      env: webEnv(options),
      important: errorLine,
    };
    specs.web = {
      name: "vite",
      command: node,
      args: [vite, "preview", "--outDir", options.web.outDir, ...webArgs],
      cwd: rootDir,
      env: webEnv(options),
      important: errorLine,
    };
  }
  return specs;
}

export function stackUrls(ports: StackPorts): StackUrls {
  return {
    app: `http://${host}:${ports.web}`,
    inbox: `http://${host}:${ports.inbox}`,
    auth: `http://${host}:${ports.auth}`,
    firestore: `http://${host}:${ports.firestore}`,
    functions: `http://${host}:${ports.functions}`,
  };
}

const READY_TIMEOUT_MS = 180_000;

/** Where every service's full output goes (`{name}.log`), whatever the console shows. */
export function stackLogDir(dataDir: string): string {
  return join(dataDir, "logs");
}

/** npm start: every save of the rules file reloads it; a compile error is shown and the last good rules stay. */
function watchRules(rulesFile: string, origin: string, options: StackOptions): () => void {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const name = basename(rulesFile);
  return watchRulesFile(rulesFile, (source) => {
    loadRules(origin, options.projectId, source, name).then(
      () => print(`[firestore] ${name} reloaded`),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        print(`[firestore] ${name} not loaded, the previous rules stay in force:`);
        for (const line of message.split("\n")) print(`[firestore]   ${line}`);
      },
    );
  });
}

/** Starts every service, resolves once all of them answer; on any failure stops what it started. */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  installExitHook();
  mkdirSync(options.dataDir, { recursive: true });
  const output: OutputOptions = {
    verbose: options.verbose ?? false,
    logDir: stackLogDir(options.dataDir),
    ...(options.print ? { print: options.print } : {}),
  };
  const specs = serviceSpecs(options);
  const urls = stackUrls(options.ports);
  const rulesFile = options.rulesFile ?? join(options.rootDir, "firestore.rules");
  const functionUrl = (name: string) => `${urls.functions}/${options.projectId}/${FUNCTIONS_REGION}/${name}`;
  const services: ServiceProcess[] = [];
  const started = Date.now();

  let stopped = false;
  const launch = (spec: ServiceSpec | undefined): ServiceProcess | undefined => {
    if (!spec) return undefined;
    if (stopped || shuttingDown)
      throw new ServiceError(`${spec.name}: avvio annullato, lo stack si sta fermando`);
    const service = new ServiceProcess(spec, output);
    services.push(service);
    live.add(service);
    void service.exited.then(() => {
      // The group may still hold grandchildren; they are reaped in stop().
      if (service.isStopping) live.delete(service);
    });
    return service;
  };

  let closeRulesWatcher: (() => void) | undefined;
  const stop = async () => {
    stopped = true;
    closeRulesWatcher?.();
    await Promise.all(services.map((service) => service.stop(20_000)));
    for (const service of services) live.delete(service);
  };

  const ready = (name: string, service?: ServiceProcess) => {
    if (service) service.ready = true;
    options.onReady?.(name, Date.now() - started);
  };

  try {
    const firestore = launch(specs.firestore);
    const maildev = launch(specs.maildev);
    const web = specs.webBuild ? undefined : launch(specs.web);
    const waits: Promise<void>[] = [];
    if (firestore) {
      waits.push(
        (async () => {
          await waitUntil("emulatore Firestore", () => firestoreAnswers(urls.firestore), {
            timeoutMs: READY_TIMEOUT_MS,
            service: firestore,
          });
          await loadRules(
            urls.firestore,
            options.projectId,
            readFileSync(rulesFile, "utf8"),
            basename(rulesFile),
          );
          ready("firestore", firestore);
          if (options.watchRules) closeRulesWatcher = watchRules(rulesFile, urls.firestore, options);
        })(),
      );
    }
    if (maildev) {
      waits.push(
        waitUntil("MailDev", () => httpAnswers(`${urls.inbox}/email`), {
          timeoutMs: READY_TIMEOUT_MS,
          service: maildev,
        }).then(() => ready("maildev", maildev)),
      );
    }
    if (specs.firebase) {
      const firebaseSpec = specs.firebase;
      waits.push(
        (async () => {
          if (specs.functionsBuild) await runToCompletion(specs.functionsBuild, output);
          const firebase = launch(firebaseSpec)!;
          await waitUntil(
            "emulatore Auth",
            () =>
              httpAnswers(
                `${urls.auth}/`,
                async (response) => response.ok && (await response.text()).includes('"ready": true'),
              ),
            { timeoutMs: READY_TIMEOUT_MS, service: firebase },
          );
          ready("auth", specs.functionsBuild ? undefined : firebase);
          if (!specs.functionsBuild) return;
          await waitUntil(
            "emulatore Functions",
            () =>
              httpAnswers(
                functionUrl("health"),
                async (response) => response.ok && (await response.json()).ok === true,
              ),
            { timeoutMs: READY_TIMEOUT_MS, service: firebase },
          );
          ready("functions", firebase);
          if (options.watchFunctions) {
            const watcher = launch({
              ...specs.functionsBuild,
              name: "functions-watch",
              args: [...specs.functionsBuild.args, "--watch"],
            });
            if (watcher) watcher.ready = true;
          }
        })(),
      );
    }
    if (specs.web) {
      waits.push(
        (async () => {
          let server = web;
          if (specs.webBuild) {
            await runToCompletion(specs.webBuild, output);
            server = launch(specs.web);
          }
          await waitUntil("app (Vite)", () => httpAnswers(`${urls.app}/`), {
            timeoutMs: READY_TIMEOUT_MS,
            ...(server ? { service: server } : {}),
          });
          ready("web", server);
        })(),
      );
    }
    try {
      await Promise.all(waits);
    } catch (error) {
      // Stopping makes the other waits fail fast (their process exits); let them settle first.
      await stop();
      await Promise.allSettled(waits);
      throw error;
    }
  } catch (error) {
    await stop();
    throw error instanceof ServiceError ? error : new ServiceError(String(error));
  }

  const crashed = new Promise<ServiceProcess>((resolve) => {
    for (const service of services) {
      void service.exited.then(() => {
        if (!service.isStopping) resolve(service);
      });
    }
  });

  return {
    options,
    urls,
    hosts: {
      firestore: `${host}:${options.ports.firestore}`,
      auth: `${host}:${options.ports.auth}`,
      functions: `${host}:${options.ports.functions}`,
    },
    crashed,
    functionUrl,
    stop,
  };
}

/** Free ports for a private stack and for firebase-tools' support emulators (tests, benchmarks). */
export async function freeStackPorts(): Promise<Pick<StackOptions, "ports" | "firebaseSupportPorts">> {
  const [firestore, firestoreWebSocket, auth, functions, smtp, inbox, web, hub, logging, eventarc, tasks] =
    await findFreePorts(11);
  return {
    ports: {
      firestore: firestore!,
      firestoreWebSocket: firestoreWebSocket!,
      auth: auth!,
      functions: functions!,
      smtp: smtp!,
      inbox: inbox!,
      web: web!,
    },
    firebaseSupportPorts: { hub: hub!, logging: logging!, eventarc: eventarc!, tasks: tasks! },
  };
}
