import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { applicationDefault, deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { readHostingHeaders } from "../bench/hosting-headers";
import { FUNCTIONS_REGION } from "../stack/stack-options";
import type { SmokeTarget } from "./smoke-target";

const run = promisify(execFile);

export interface ProjectOptions {
  projectId: string;
  /** The web app's API key (Firebase console > Project settings > Your apps). */
  apiKey: string;
  /** The web app's id, `1:…:web:…`: App Check's debug token is exchanged for it. */
  appId: string;
  /** A debug token registered for the web app in App Check (docs/app-check.md). */
  appCheckDebugToken: string;
  /** Default: https://{projectId}.web.app */
  hostingUrl?: string;
}

/** Exchanges App Check's debug token for a token (App Check REST, `exchangeDebugToken`). */
async function exchangeDebugToken(options: ProjectOptions): Promise<string> {
  const url = `https://firebaseappcheck.googleapis.com/v1/projects/${options.projectId}/apps/${options.appId}:exchangeDebugToken?key=${options.apiKey}`;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ debugToken: options.appCheckDebugToken }),
  });
  const body = (await response.json()) as { token?: string; error?: { message?: string } };
  if (!response.ok || !body.token)
    throw new Error(`App Check debug token refused: HTTP ${response.status} ${body.error?.message ?? ""}`);
  return body.token;
}

/**
 * A deployed project as a smoke target. firebase-admin uses the operator's credentials
 * (`gcloud auth application-default login`); the scheduled job runs through `gcloud scheduler jobs run`
 * (the job firebase-tools creates is `firebase-schedule-{function}-{region}`).
 */
export function projectSmokeTarget(options: ProjectOptions): SmokeTarget {
  const { projectId } = options;
  const app = initializeApp({ projectId, credential: applicationDefault() }, `vicino-smoke-${Date.now()}`);
  const hostingUrl = options.hostingUrl ?? `https://${projectId}.web.app`;
  return {
    label: `project ${projectId}`,
    projectId,
    functionsBase: `https://${FUNCTIONS_REGION}-${projectId}.cloudfunctions.net`,
    firestoreDocuments: `https://firestore.googleapis.com/v1/projects/${projectId}/databases/(default)/documents`,
    authRest: "https://identitytoolkit.googleapis.com/v1",
    apiKey: options.apiKey,
    appCheckToken: () => exchangeDebugToken(options),
    adminAuth: getAuth(app),
    adminDb: getFirestore(app),
    async runScheduled(name) {
      const job = `firebase-schedule-${name}-${FUNCTIONS_REGION}`;
      await run("gcloud", [
        "scheduler",
        "jobs",
        "run",
        job,
        `--location=${FUNCTIONS_REGION}`,
        `--project=${projectId}`,
      ]);
    },
    async hostingHeaders(path) {
      const response = await fetch(`${hostingUrl}${path}`);
      return Object.fromEntries(response.headers.entries());
    },
    expectedHostingHeaders: readHostingHeaders(),
    taskWaitMs: 120_000,
    close: () => deleteApp(app),
  };
}
