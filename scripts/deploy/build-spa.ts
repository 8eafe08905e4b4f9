import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { formatFindings } from "./rules";
import { buildSpa, checkSpaBundle, DeployBuildError, readDeployEnv } from "./spa-build";

/**
 * `npm run build:deploy -- --project <project-id> [--out-dir dist]`: the SPA built for a real project
 * from `.env.<project-id>`, refused (exit 1, each problem and its fix) when that configuration is
 * missing or points at the emulators. Hosting's predeploy in firebase.json runs it with the project
 * `firebase deploy` targets ($GCLOUD_PROJECT). The plain `npm run build` stays the emulator build.
 */
const rootDir = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const { values } = parseArgs({
  options: { project: { type: "string" }, "out-dir": { type: "string", default: "dist" } },
});
const project = values.project?.trim() || process.env.GCLOUD_PROJECT?.trim() || "";
const outDir = resolve(rootDir, values["out-dir"]);
const env = readDeployEnv(project);
const started = Date.now();

try {
  await buildSpa(env, outDir);
  const findings = checkSpaBundle(env, outDir);
  if (findings.length > 0) throw new DeployBuildError(findings);
  console.log(
    `build:deploy: ${outDir} built for ${project} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
} catch (error) {
  if (!(error instanceof DeployBuildError)) throw error;
  console.error(
    `build:deploy: the SPA cannot be built for "${project || "(no project)"}":\n${formatFindings(error.findings)}`,
  );
  process.exitCode = 1;
}
