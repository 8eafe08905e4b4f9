import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  exportFirestore,
  exportMetadataPath,
  FIRESTORE_EMULATOR_INSTALL_HINT,
  findFirestoreEmulator,
  firestoreEmulatorArgs,
} from "./firestore-emulator";
import { LOCAL_HOST } from "./ports";
import { ServiceError, type ServiceSpec } from "./process";
import { firebaseConfigArgs, functionsEnv, webEnv } from "./stack-env";
import { ALL_SERVICES, type StackOptions } from "./stack-options";

/** The command line of each service of a stack, and which of its output lines matter. */

const host = LOCAL_HOST;

function nodeModule(rootDir: string, ...path: string[]): string {
  // npm workspaces hoist every tool to the root node_modules.
  return join(rootDir, "node_modules", ...path);
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

/**
 * `firestorePort`: where the emulator itself listens, when a recording proxy takes the stack's
 * Firestore port (StackOptions.recordFirestore); the stack's port otherwise.
 */
export function serviceSpecs(options: StackOptions, firestorePort?: number): Record<string, ServiceSpec> {
  const { rootDir, ports, projectId, dataDir } = options;
  const node = process.execPath;
  const emulator = findFirestoreEmulator();
  if (!emulator) throw new ServiceError(FIRESTORE_EMULATOR_INSTALL_HINT);
  const exportDir = options.firestoreExportDir;
  const savedExport = exportDir ? savedFirestoreExport(exportDir) : undefined;
  const firestoreArgs = firestoreEmulatorArgs(emulator, {
    host,
    port: firestorePort ?? ports.firestore,
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
