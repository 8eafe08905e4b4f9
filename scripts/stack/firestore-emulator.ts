import { existsSync, readdirSync, readFileSync, realpathSync, statSync, watch } from "node:fs";
import { homedir } from "node:os";
import { basename, delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Google's Cloud Firestore emulator, the one local Firestore of Vicino (npm start, the seed, the
 * integration, rules and end-to-end tests, the benchmarks). It is the emulator firebase-tools runs,
 * shipped by the Google Cloud SDK as the `cloud-firestore-emulator` component (Debian package
 * `google-cloud-cli-firestore-emulator`). firebase-tools' own `emulators:start --only firestore`
 * refuses Java below 21 and downloads its jar, which fails offline, so the stack starts the installed
 * emulator itself and talks to its REST control API:
 *   PUT    /emulator/v1/projects/{p}:securityRules              load firestore.rules
 *   DELETE /emulator/v1/projects/{p}/databases/(default)/documents   empty the database
 *   POST   /emulator/v1/projects/{p}:export                     write an export (npm start keeps its data)
 * `Authorization: Bearer owner` bypasses the rules (the seed and the admin SDK).
 */

const MAIN_CLASS = "com.google.cloud.datastore.emulator.firestore.CloudFirestore";
const COMPONENT_DIR = join("platform", "cloud-firestore-emulator");
const SCRIPT = "cloud_firestore_emulator";
const JAR = "cloud-firestore-emulator.jar";

/** The line the emulator prints once it accepts requests. */
export const FIRESTORE_READY_LINE = "Dev App Server is now running.";

/** What to install, for the error shown where no emulator is found. */
export const FIRESTORE_EMULATOR_INSTALL_HINT = [
  "Google's Firestore emulator was not found. Install one of:",
  "  - Debian/Ubuntu with Google's apt repository: apt-get install google-cloud-cli-firestore-emulator (and a Java 17+ runtime)",
  "  - the Google Cloud SDK: gcloud components install cloud-firestore-emulator (and a Java 17+ runtime)",
  "  - Java 21 and firebase-tools' copy: npx firebase setup:emulators:firestore (downloads its jar)",
  "or point FIRESTORE_EMULATOR_BINARY_PATH at its cloud_firestore_emulator script or its .jar.",
].join("\n");

export interface FirestoreEmulatorCommand {
  command: string;
  /** Arguments before `start` and the emulator's own options. */
  args: string[];
  /** Where it was found (for messages). */
  source: string;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Quieter logging than the emulator's default: no line per connection (see the file). */
export const LOGGING_PROPERTIES = fileURLToPath(new URL("./firestore-logging.properties", import.meta.url));

/**
 * A local emulator's JVM: the client compiler only (no C2, whose compiler threads spent half the
 * emulator's CPU warming up code a test run is too short to profit from) and the serial collector (no
 * concurrent GC threads). The rules suite alone: the emulator's CPU 40 → 22 s, its time unchanged; on
 * these 2 cores the other half goes to the tests' own processes (docs/testing.md).
 */
export const JVM_FLAGS = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"] as const;

/**
 * Runs a jar with the flags of Google's own script (English messages: the compiler's output is parsed),
 * a local emulator's JVM flags and our logging configuration.
 */
function javaCommand(jar: string, source: string, env: NodeJS.ProcessEnv): FirestoreEmulatorCommand {
  return {
    command: env.JAVA ?? "java",
    args: [
      ...JVM_FLAGS,
      `-Djava.util.logging.config.file=${LOGGING_PROPERTIES}`,
      "-Duser.language=en",
      "-cp",
      jar,
      MAIN_CLASS,
    ],
    source,
  };
}

/** A script or a jar: the jar next to a script is run directly, so signals reach the JVM itself. */
function commandFor(path: string, source: string, env: NodeJS.ProcessEnv): FirestoreEmulatorCommand {
  if (path.endsWith(".jar")) return javaCommand(path, source, env);
  const jar = join(dirname(path), JAR);
  if (isFile(jar)) return javaCommand(jar, source, env);
  return { command: path, args: [], source };
}

/** Where the Cloud SDK usually lives (Debian's package, Google's installer). */
const USUAL_SDK_ROOTS = ["/usr/lib/google-cloud-sdk", "/usr/share/google-cloud-sdk"];

/** Google Cloud SDK roots to look in: $CLOUDSDK_ROOT_DIR, the one `gcloud` on PATH belongs to, the usual places. */
function sdkRoots(env: NodeJS.ProcessEnv, usual: readonly string[]): string[] {
  const roots: string[] = [];
  if (env.CLOUDSDK_ROOT_DIR) roots.push(env.CLOUDSDK_ROOT_DIR);
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    const gcloud = join(dir, "gcloud");
    if (!dir || !isFile(gcloud)) continue;
    try {
      roots.push(dirname(dirname(realpathSync(gcloud))));
    } catch {
      // A dangling link: nothing to find there.
    }
  }
  roots.push(...usual, join(env.HOME ?? homedir(), "google-cloud-sdk"));
  return [...new Set(roots)];
}

/** firebase-tools' downloaded jar (`firebase setup:emulators:firestore`), newest first. */
function firebaseToolsJars(env: NodeJS.ProcessEnv): string[] {
  const cache = join(env.XDG_CACHE_HOME ?? join(env.HOME ?? homedir(), ".cache"), "firebase", "emulators");
  if (!existsSync(cache)) return [];
  return readdirSync(cache)
    .filter((name) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(name))
    .sort((a, b) => b.localeCompare(a, "en", { numeric: true }))
    .map((name) => join(cache, name));
}

/** Finds Google's Firestore emulator, or returns null (show FIRESTORE_EMULATOR_INSTALL_HINT). */
export function findFirestoreEmulator(
  env: NodeJS.ProcessEnv = process.env,
  usualRoots: readonly string[] = USUAL_SDK_ROOTS,
): FirestoreEmulatorCommand | null {
  const override = env.FIRESTORE_EMULATOR_BINARY_PATH?.trim();
  if (override) {
    if (!isFile(override))
      throw new Error(
        `FIRESTORE_EMULATOR_BINARY_PATH=${override}: no such file.\n${FIRESTORE_EMULATOR_INSTALL_HINT}`,
      );
    return commandFor(override, "FIRESTORE_EMULATOR_BINARY_PATH", env);
  }
  for (const root of sdkRoots(env, usualRoots)) {
    const script = join(root, COMPONENT_DIR, SCRIPT);
    if (isFile(script)) return commandFor(script, root, env);
  }
  const jar = firebaseToolsJars(env)[0];
  return jar ? javaCommand(jar, jar, env) : null;
}

export interface FirestoreEmulatorOptions {
  host: string;
  port: number;
  /** The WebSocket port it also opens (a random one otherwise). */
  webSocketPort?: number;
  projectId: string;
  /** An export (`…overall_export_metadata`) to start from: npm start's saved data. */
  seedFromExport?: string;
  /** `host:port` of the Functions emulator, where Firestore triggers are delivered. */
  functionsEmulator?: string;
}

/** The full command line that starts the emulator. */
export function firestoreEmulatorArgs(
  found: FirestoreEmulatorCommand,
  options: FirestoreEmulatorOptions,
): string[] {
  return [
    ...found.args,
    "start",
    `--host=${options.host}`,
    `--port=${options.port}`,
    ...(options.webSocketPort ? [`--websocket_port=${options.webSocketPort}`] : []),
    `--project_id=${options.projectId}`,
    ...(options.seedFromExport ? [`--seed_from_export=${options.seedFromExport}`] : []),
    ...(options.functionsEmulator ? [`--functions_emulator=${options.functionsEmulator}`] : []),
  ];
}

/** A rules file the emulator refused to compile; `message` names the file, line and column. */
export class RulesCompileError extends Error {
  override name = "RulesCompileError";
}

/** "Error compiling rules:\nL2:95 Unexpected ';'." → "firestore.rules:2:95 Unexpected ';'." (one line per problem). */
export function formatRulesError(fileName: string, emulatorMessage: string): string {
  const problems = emulatorMessage
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !/^Error compiling rules:?$/i.test(line))
    .map((line) =>
      /^L\d+:\d+/.test(line)
        ? line.replace(/^L(\d+):(\d+)\s*/, `${fileName}:$1:$2 `)
        : `${fileName}: ${line}`,
    );
  return problems.length > 0 ? problems.join("\n") : `${fileName}: ${emulatorMessage.trim()}`;
}

const controlUrl = (origin: string, projectId: string) => `${origin}/emulator/v1/projects/${projectId}`;

/** Loads `source` as the project's rules; a compile error throws RulesCompileError and the old rules stay. */
export async function loadRules(
  origin: string,
  projectId: string,
  source: string,
  fileName = "firestore.rules",
): Promise<void> {
  const response = await fetch(`${controlUrl(origin, projectId)}:securityRules`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ rules: { files: [{ name: fileName, content: source }] } }),
  });
  if (response.ok) return;
  const text = await response.text();
  let message = text;
  try {
    message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
  } catch {
    // Not JSON: keep the text.
  }
  if (response.status === 400) throw new RulesCompileError(formatRulesError(fileName, message));
  throw new Error(`Loading ${fileName} failed: HTTP ${response.status} ${message}`);
}

/** Deletes every document of the project's default database. */
export async function clearFirestore(origin: string, projectId: string): Promise<void> {
  const response = await fetch(`${controlUrl(origin, projectId)}/databases/(default)/documents`, {
    method: "DELETE",
  });
  if (!response.ok)
    throw new Error(`Emptying Firestore failed: HTTP ${response.status} ${await response.text()}`);
}

/** Writes an export of the whole database into `directory` (which must exist) under `name`. */
export async function exportFirestore(
  origin: string,
  projectId: string,
  directory: string,
  name: string,
): Promise<string> {
  const response = await fetch(`${controlUrl(origin, projectId)}:export`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      database: `projects/${projectId}/databases/(default)`,
      export_directory: directory,
      export_name: name,
    }),
  });
  if (!response.ok)
    throw new Error(`Firestore export failed: HTTP ${response.status} ${await response.text()}`);
  return exportMetadataPath(directory, name);
}

/** The file `--seed_from_export` wants for an export written by exportFirestore. */
export function exportMetadataPath(directory: string, name: string): string {
  return join(directory, name, `${name}.overall_export_metadata`);
}

/** True once the emulator answers HTTP (it replies "Ok" on /). */
export async function firestoreAnswers(origin: string): Promise<boolean> {
  const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2_000) });
  await response.body?.cancel().catch(() => undefined);
  return response.ok;
}

/**
 * Calls `onChange` with the new text whenever the rules file changes (editors often replace the
 * file, so the folder is watched); bursts of events within 150 ms count once. Returns a stop function.
 */
export function watchRulesFile(path: string, onChange: (source: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let last = readFileSync(path, "utf8");
  const watcher = watch(dirname(path), (_event, name) => {
    if (name !== basename(path)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      let source: string;
      try {
        source = readFileSync(path, "utf8");
      } catch {
        return; // Mid-save: the next event brings the file back.
      }
      if (source === last) return;
      last = source;
      onChange(source);
    }, 150);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
