import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { LOCAL_HOST } from "./ports";
import { DEFAULT_PORTS, FUNCTIONS_REGION, type StackOptions, type StackPorts } from "./stack-options";

/** What each part of a stack is told about the others: the SPA's VITE_* values, the functions' environment, firebase-tools' config. */

const host = LOCAL_HOST;

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
export function firebaseConfigArgs(options: StackOptions): string[] {
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
