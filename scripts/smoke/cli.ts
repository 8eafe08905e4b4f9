import { parseArgs } from "node:util";
import { DEFAULT_PORTS, LOCAL_PROJECT_ID, stackUrls } from "../stack/stack-options";
import { localSmokeTarget } from "./local-target";
import { projectSmokeTarget } from "./project-target";
import { runSmoke, smokeReport } from "./smoke-checks";
import type { SmokeTarget } from "./smoke-target";

/**
 * `npm run smoke`: the deploy smoke test (docs/operations.md, "The first deploy, step by step", step 7).
 *   npm run smoke -- --project <id> --api-key <key> --app-id <1:…:web:…>   (APPCHECK_DEBUG_TOKEN in the env)
 * against a deployed project, or with no arguments against `npm start`'s emulators. Exit 1 on any failure.
 */
const HELP = `Usage: npm run smoke [-- --project <id> --api-key <key> --app-id <appId> [--hosting-url <url>]]
  Without --project: against the emulators of npm start.
  With --project: APPCHECK_DEBUG_TOKEN must hold an App Check debug token of the web app, and
  gcloud's application-default credentials must be able to manage users and read Firestore.`;

const hostOf = (url: string) => new URL(url).host;

async function target(values: Record<string, string | undefined>): Promise<SmokeTarget> {
  if (!values.project) {
    const urls = stackUrls(DEFAULT_PORTS);
    return localSmokeTarget({
      projectId: LOCAL_PROJECT_ID,
      hosts: {
        firestore: hostOf(urls.firestore),
        auth: hostOf(urls.auth),
        functions: hostOf(urls.functions),
      },
    });
  }
  const debugToken = process.env.APPCHECK_DEBUG_TOKEN;
  if (!values["api-key"] || !values["app-id"] || !debugToken) throw new Error(HELP);
  return projectSmokeTarget({
    projectId: values.project,
    apiKey: values["api-key"],
    appId: values["app-id"],
    appCheckDebugToken: debugToken,
    ...(values["hosting-url"] ? { hostingUrl: values["hosting-url"] } : {}),
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      project: { type: "string" },
      "api-key": { type: "string" },
      "app-id": { type: "string" },
      "hosting-url": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const smokeTarget = await target(values as Record<string, string | undefined>);
  try {
    const report = smokeReport(smokeTarget.label, await runSmoke(smokeTarget));
    process.stdout.write(`${report.lines.join("\n")}\n`);
    return report.ok ? 0 : 1;
  } finally {
    await smokeTarget.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`✖ ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
