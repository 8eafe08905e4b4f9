import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { BuildOptions } from "esbuild";
import { checkFirebaseJson, checkIndexes, type FirebaseJson, type IndexesJson, listOf } from "./check-config";
import { checkEndpoints, checkRuntime, unconfirmedRegions } from "./check-functions";
import { analyzeFunctions, type FunctionsAnalysis } from "./functions-analysis";
import { expectedFunctionsLock, FUNCTIONS_LOCK_FILE } from "./functions-lock";
import { type Finding, formatFindings, RULES } from "./rules";
import { buildSpa, checkSpaBundle, DeployBuildError, readDeployEnv } from "./spa-build";

/**
 * `npm run deploy:check` (CI, after typecheck): what `firebase deploy` would ship, checked without a
 * cloud project or the network. Builds the functions into a throw-away folder and reads each exported
 * function's options (`__endpoint`), checks firebase.json and firestore.indexes.json against them, and
 * builds the SPA for an example project from a throw-away `.env.<project>` it writes itself. The rules
 * and their expected values: ./rules.ts. Exit 1 with one message per problem, each with its fix.
 */
const rootDir = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** The project the SPA is built for here: any real-looking id; its configuration is made up. */
export const EXAMPLE_PROJECT = "vicino-deploy-example";
export const EXAMPLE_ENV: Record<string, string> = {
  VITE_FIREBASE_PROJECT_ID: EXAMPLE_PROJECT,
  VITE_FIREBASE_API_KEY: "AIzaSy-deploy-check-example-key",
  VITE_FIREBASE_AUTH_DOMAIN: `${EXAMPLE_PROJECT}.firebaseapp.com`,
  VITE_FIREBASE_APP_ID: "1:000000000000:web:0000000000000000000000",
  VITE_APPCHECK_SITE_KEY: "6Ld-deploy-check-example-site-key",
  VITE_USE_EMULATORS: "false",
  VITE_FUNCTIONS_REGION: "europe-west8",
};

export interface DeployCheckInputs {
  functionsBuildOptions: BuildOptions;
  functionsPackageJson: { engines?: { node?: string } };
  firebaseJson: FirebaseJson;
  indexesJson: IndexesJson;
  /** functions/package-lock.json as committed (undefined: missing) and as the root lock gives it. */
  functionsLock?: { committed: string | undefined; expected: string };
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(rootDir, file), "utf8")) as T;

export async function readRepoInputs(): Promise<DeployCheckInputs> {
  const build = (await import(pathToFileURL(join(rootDir, "functions/build.mjs")).href)) as {
    functionsBuildOptions: BuildOptions;
  };
  return {
    functionsBuildOptions: build.functionsBuildOptions,
    functionsPackageJson: readJson("functions/package.json"),
    firebaseJson: readJson("firebase.json"),
    indexesJson: readJson("firestore.indexes.json"),
    functionsLock: {
      committed: existsSync(join(rootDir, FUNCTIONS_LOCK_FILE))
        ? readFileSync(join(rootDir, FUNCTIONS_LOCK_FILE), "utf8")
        : undefined,
      expected: expectedFunctionsLock(),
    },
  };
}

/** The deployed lockfile must be the one the root lock gives (what the tests installed). */
export function checkFunctionsLock(lock: DeployCheckInputs["functionsLock"]): Finding[] {
  if (!lock || lock.committed === lock.expected) return [];
  return [
    {
      rule: "functions-lock",
      subject: FUNCTIONS_LOCK_FILE,
      message:
        lock.committed === undefined
          ? "is missing: Cloud Build would resolve the functions' ^ ranges afresh, not the versions the tests ran."
          : "differs from the versions package-lock.json pins (the ones the tests ran).",
      fix: "run `npm run functions:lock` and commit functions/package-lock.json.",
    },
  ];
}

/** The checks on what the functions analysis found and the config files (pure: tests feed it copies). */
export function checkAll(inputs: DeployCheckInputs, analysis: FunctionsAnalysis): Finding[] {
  return [
    ...checkRuntime({
      enginesNode: inputs.functionsPackageJson.engines?.node,
      firebaseRuntimes: listOf(inputs.firebaseJson.functions).map((codebase) => codebase.runtime),
      esbuildTarget: inputs.functionsBuildOptions.target,
    }),
    ...analysis.findings,
    ...checkEndpoints(analysis.endpoints, analysis.needed),
    ...checkFirebaseJson(inputs.firebaseJson, analysis.endpoints),
    ...checkIndexes(inputs.indexesJson),
    ...checkFunctionsLock(inputs.functionsLock),
  ];
}

/** Every check but the SPA build (the slow part). */
export async function checkFunctionsAndConfig(inputs: DeployCheckInputs): Promise<Finding[]> {
  return checkAll(inputs, await analyzeFunctions(inputs.functionsBuildOptions, rootDir));
}

/** Builds the SPA for EXAMPLE_PROJECT through the deploy build's guard, from a throw-away config. */
export async function checkSpaBuild(): Promise<Finding[]> {
  const work = mkdtempSync(join(tmpdir(), "vicino-deploy-check-"));
  try {
    const envFile = Object.entries(EXAMPLE_ENV).map(([key, value]) => `${key}=${value}`);
    writeFileSync(join(work, `.env.${EXAMPLE_PROJECT}`), `${envFile.join("\n")}\n`);
    const env = readDeployEnv(EXAMPLE_PROJECT, work);
    const outDir = join(work, "dist");
    await buildSpa(env, outDir);
    return checkSpaBundle(env, outDir);
  } catch (error) {
    if (error instanceof DeployBuildError) return error.findings;
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const functionsAndConfig = async () => {
    const inputs = await readRepoInputs();
    const analysis = await analyzeFunctions(inputs.functionsBuildOptions, rootDir);
    return { findings: checkAll(inputs, analysis), notes: unconfirmedRegions(analysis.endpoints) };
  };
  const [config, spa] = await Promise.all([functionsAndConfig(), checkSpaBuild()]);
  const findings = [...config.findings, ...spa];
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (config.notes.length > 0) {
    console.log(
      "deploy:check: services not yet confirmed in the functions' regions (confirm before the first deploy):",
    );
    for (const note of config.notes) console.log(`  - ${note}`);
  }
  if (findings.length === 0) {
    console.log(`deploy:check: ${Object.keys(RULES).length} rules, all pass (${seconds} s)`);
    return;
  }
  console.error(formatFindings(findings));
  const counts = new Map<string, number>();
  for (const { rule } of findings) counts.set(rule, (counts.get(rule) ?? 0) + 1);
  const byRule = [...counts].map(([rule, count]) => `${rule} ${count}`).join(", ");
  console.error(`\ndeploy:check: ${findings.length} problems (${byRule}) in ${seconds} s`);
  process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
