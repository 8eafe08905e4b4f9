import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EXAMPLE_ENV, EXAMPLE_PROJECT } from "./check";
import { type Finding, formatFindings } from "./rules";
import {
  buildSpa,
  checkSpaBundle,
  DeployBuildError,
  type DeployEnv,
  readDeployEnv,
  spaEnvProblems,
} from "./spa-build";

/**
 * The SPA's deploy build refuses a configuration that is missing or points at the emulators, before
 * building anything (the real build runs in `npm run deploy:check`).
 */
const env = (
  vars: Record<string, string | undefined>,
  envFiles = [`.env.${EXAMPLE_PROJECT}`],
): DeployEnv => ({
  project: EXAMPLE_PROJECT,
  vars: Object.fromEntries(
    Object.entries({ ...EXAMPLE_ENV, ...vars }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  ),
  envFiles,
});
const lines = (findings: Finding[]) =>
  findings.map(({ rule, subject, message }) => `[${rule}] ${subject}: ${message}`);
const file = `.env.${EXAMPLE_PROJECT}`;

const work = mkdtempSync(join(tmpdir(), "vicino-spa-build-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the deploy build's configuration", () => {
  it("accepts a real project's", () => {
    expect(formatFindings(spaEnvProblems(env({})))).toBe("");
  });

  it("refuses a build with emulator settings", () => {
    expect(
      lines(spaEnvProblems(env({ VITE_USE_EMULATORS: "true", VITE_EMULATOR_HOST: "127.0.0.1" }))),
    ).toEqual([
      `[spa-env] ${file}: VITE_USE_EMULATORS is on: the app would talk to emulators on the user's machine.`,
      `[spa-env] ${file}: VITE_EMULATOR_HOST is an emulator setting.`,
    ]);
  });

  it("refuses missing Firebase values and App Check site key", () => {
    const findings = spaEnvProblems(env({ VITE_FIREBASE_API_KEY: undefined, VITE_APPCHECK_SITE_KEY: " " }));
    expect(lines(findings)).toEqual([
      `[spa-env] ${file}: VITE_FIREBASE_API_KEY is missing.`,
      `[spa-env] ${file}: VITE_APPCHECK_SITE_KEY is missing.`,
    ]);
  });

  it("refuses another project's configuration, a demo project and another functions region", () => {
    expect(lines(spaEnvProblems(env({ VITE_FIREBASE_PROJECT_ID: "vicino-other" })))).toEqual([
      `[spa-env] ${file}: VITE_FIREBASE_PROJECT_ID is "vicino-other" but the build is for "${EXAMPLE_PROJECT}".`,
    ]);
    expect(lines(spaEnvProblems({ ...env({}), project: "demo-vicino" }))).toEqual([
      '[spa-env] --project: "demo-vicino" is not a real Firebase project id (demo-* exists only on the emulators).',
    ]);
    expect(lines(spaEnvProblems(env({ VITE_FUNCTIONS_REGION: "us-central1" })))).toEqual([
      `[spa-env] ${file}: VITE_FUNCTIONS_REGION is us-central1: the functions run in europe-west8.`,
    ]);
  });

  it("refuses to build without .env.<project>, before building anything", async () => {
    const empty = join(work, "empty");
    mkdirSync(empty);
    const missing = readDeployEnv(EXAMPLE_PROJECT, empty);
    expect(missing.envFiles).toEqual([]);
    const failure = await buildSpa(missing, join(work, "never-built")).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeployBuildError);
    expect(lines((failure as DeployBuildError).findings)).toEqual([
      `[spa-env] ${file}: no ${file}: the build would fall back to the emulator configuration (demo-vicino).`,
    ]);
  });

  it("reads .env.<project> from the folder it is given", () => {
    const dir = join(work, "configured");
    mkdirSync(dir);
    writeFileSync(join(dir, `${file}.local`), "VITE_APPCHECK_SITE_KEY=from-local\n");
    writeFileSync(join(dir, ".env.production"), "VITE_FIREBASE_PROJECT_ID=never-read\n");
    const read = readDeployEnv(EXAMPLE_PROJECT, dir);
    expect(read.envFiles).toEqual([`${file}.local`]);
    expect(read.vars.VITE_APPCHECK_SITE_KEY).toBe("from-local");
    expect(read.vars.VITE_FIREBASE_PROJECT_ID).toBeUndefined();
  });
});

describe("the deploy build's output", () => {
  const built = (code: string) => {
    const dir = mkdtempSync(join(work, "dist-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "assets", "session-x.js"), code);
    return dir;
  };
  const carried = (extra = "") =>
    `let a=1,Q={firebase:{projectId:\`${EXAMPLE_PROJECT}\`,apiKey:\`k\`},functionsRegion:\`europe-west8\`,appCheckSiteKey:\`${EXAMPLE_ENV.VITE_APPCHECK_SITE_KEY}\`${extra}};`;

  it("carries the project's configuration", () => {
    expect(checkSpaBundle(env({}), built(carried()))).toEqual([]);
  });

  it("fails when the build carries emulators or another project", () => {
    const emulators = checkSpaBundle(env({}), built(carried(",emulators:{auth:{host:`127.0.0.1`}}")));
    expect(emulators.map(({ rule }) => rule)).toEqual(["spa-bundle"]);
    const other = checkSpaBundle(env({}), built("Q={firebase:{projectId:`demo-vicino`}}"));
    expect(other[0]?.message).toBe(`no built chunk carries ${EXAMPLE_PROJECT}'s configuration.`);
  });
});
