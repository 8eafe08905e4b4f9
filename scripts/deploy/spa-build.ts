import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { loadEnv } from "vite";
import { EnvError, isDemoProject, parseEnv } from "../../src/config/env-schema";
import { EXPECTED_REGION, type Finding, SPA_EMULATOR_VARS, SPA_REQUIRED_VARS } from "./rules";

/**
 * The SPA's deploy build (`npm run build:deploy -- --project <id>`, Hosting's predeploy): a Vite build in
 * mode `<id>`, which reads `.env.<id>` (and `.env.<id>.local`, `.env`, `.env.local`) and never
 * `.env.production`. It refuses to build unless that configuration is the real project's: the plain
 * `npm run build` (and `npm start`, `npm run size`, the test harness, the benches) stays the emulator build.
 */
const rootDir = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const run = promisify(execFile);

export interface DeployEnv {
  project: string;
  /** The VITE_* variables Vite will see for this mode (files of envDir, then the process environment). */
  vars: Record<string, string>;
  /** The `.env.<project>` files found in envDir. */
  envFiles: string[];
}

export function readDeployEnv(project: string, envDir = rootDir): DeployEnv {
  const envFiles = [`.env.${project}`, `.env.${project}.local`].filter((name) =>
    existsSync(join(envDir, name)),
  );
  return { project, vars: loadEnv(project, envDir, "VITE_"), envFiles };
}

const spaFinding = (subject: string, message: string, fix: string): Finding => ({
  rule: "spa-env",
  subject,
  message,
  fix,
});

/** What stops `env` from being a build for its real project; empty when it is one. */
export function spaEnvProblems({ project, vars, envFiles }: DeployEnv): Finding[] {
  const file = `.env.${project}`;
  if (!/^[a-z][a-z0-9-]{4,29}$/.test(project) || isDemoProject(project)) {
    return [
      spaFinding(
        "--project",
        `"${project}" is not a real Firebase project id (demo-* exists only on the emulators).`,
        "pass the id of the project you deploy to: npm run build:deploy -- --project <project-id>.",
      ),
    ];
  }
  if (envFiles.length === 0) {
    return [
      spaFinding(
        file,
        `no ${file}: the build would fall back to the emulator configuration (demo-vicino).`,
        `copy .env.example to ${file} and fill in the web app's config from the Firebase console (docs/operations.md).`,
      ),
    ];
  }
  const findings: Finding[] = [];
  for (const name of SPA_REQUIRED_VARS) {
    if (!vars[name]?.trim())
      findings.push(spaFinding(file, `${name} is missing.`, `set ${name} in ${file} (docs/operations.md).`));
  }
  const configured = vars.VITE_FIREBASE_PROJECT_ID?.trim();
  if (configured && configured !== project) {
    findings.push(
      spaFinding(
        file,
        `VITE_FIREBASE_PROJECT_ID is "${configured}" but the build is for "${project}".`,
        `set VITE_FIREBASE_PROJECT_ID=${project}.`,
      ),
    );
  }
  const useEmulators = vars.VITE_USE_EMULATORS?.trim().toLowerCase();
  if (useEmulators === "true" || useEmulators === "1") {
    findings.push(
      spaFinding(
        file,
        "VITE_USE_EMULATORS is on: the app would talk to emulators on the user's machine.",
        "set VITE_USE_EMULATORS=false (or remove it).",
      ),
    );
  }
  for (const name of SPA_EMULATOR_VARS) {
    if (vars[name]?.trim())
      findings.push(
        spaFinding(
          file,
          `${name} is an emulator setting.`,
          `remove ${name} from ${file} and from the environment.`,
        ),
      );
  }
  const region = vars.VITE_FUNCTIONS_REGION?.trim();
  if (region && region !== EXPECTED_REGION) {
    findings.push(
      spaFinding(
        file,
        `VITE_FUNCTIONS_REGION is ${region}: the functions run in ${EXPECTED_REGION}.`,
        `set VITE_FUNCTIONS_REGION=${EXPECTED_REGION} (or remove it).`,
      ),
    );
  }
  if (findings.length > 0) return findings;
  try {
    if (parseEnv({ ...vars, DEV: false }).emulators)
      findings.push(
        spaFinding(file, "the configuration selects the emulators.", "set VITE_USE_EMULATORS=false."),
      );
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    findings.push(
      spaFinding(file, error.message, `fix ${file} (src/config/env-schema.ts says what it accepts).`),
    );
  }
  return findings;
}

export class DeployBuildError extends Error {
  override name = "DeployBuildError";
  constructor(readonly findings: Finding[]) {
    super(findings.map((finding) => `${finding.subject}: ${finding.message}`).join("\n"));
  }
}

/** Checks the configuration, then builds the SPA for `env.project` into outDir. */
export async function buildSpa(env: DeployEnv, outDir: string): Promise<void> {
  const findings = spaEnvProblems(env);
  if (findings.length > 0) throw new DeployBuildError(findings);
  const { NODE_ENV: _test, ...inherited } = process.env;
  const vite = join(rootDir, "node_modules/vite/bin/vite.js");
  const args = [
    vite,
    "build",
    "--mode",
    env.project,
    "--outDir",
    outDir,
    "--emptyOutDir",
    "--logLevel",
    "warn",
  ];
  // The checked variables win over anything Vite reads itself (the process environment beats the files).
  await run(process.execPath, args, {
    cwd: rootDir,
    env: { ...inherited, ...env.vars, NODE_ENV: "production" },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * The environment object the build carries (vite.config.ts `__VICINO_ENV__`, minified:
 * `{firebase:{projectId:"<id>",...},...}`), found in the built chunks: its text, or undefined.
 */
export function builtEnvObject(outDir: string, projectId: string): string | undefined {
  const assets = join(outDir, "assets");
  const files = existsSync(assets) ? readdirSync(assets).filter((name) => name.endsWith(".js")) : [];
  const start = new RegExp(`\\{firebase:\\{projectId:["'\`]${projectId.replace(/\W/g, "\\$&")}["'\`]`);
  for (const name of files) {
    const code = readFileSync(join(assets, name), "utf8");
    const match = start.exec(code);
    if (!match) continue;
    let depth = 0;
    for (let index = match.index; index < code.length; index += 1) {
      if (code[index] === "{") depth += 1;
      if (code[index] === "}" && --depth === 0) return code.slice(match.index, index + 1);
    }
  }
  return undefined;
}

/** The build carries the project's configuration: its id, the App Check site key, and no emulators. */
export function checkSpaBundle(env: DeployEnv, outDir: string): Finding[] {
  const carried = builtEnvObject(outDir, env.project);
  const siteKey = env.vars.VITE_APPCHECK_SITE_KEY ?? "";
  if (carried?.includes(siteKey) && !carried.includes("emulators:")) return [];
  return [
    {
      rule: "spa-bundle",
      subject: join(outDir, "assets"),
      message: carried
        ? `the deploy build's configuration (${carried}) lacks the App Check site key or selects the emulators.`
        : `no built chunk carries ${env.project}'s configuration.`,
      fix: "check that vite.config.ts still builds src/config/env-built.ts from the mode's .env (the __VICINO_ENV__ define).",
    },
  ];
}
