import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { emulatorAppCheckToken } from "../../src/data/emulator-app-check-token";
import { localHostingHeaders } from "../bench/hosting-headers";
import { serveStaticHttp2 } from "../bench/static-h2";
import { findFreePort, LOCAL_HOST } from "../stack/ports";
import { runScheduledFunction } from "../stack/scheduled-functions";
import { FUNCTIONS_REGION } from "../stack/stack-options";
import type { SmokeTarget } from "./smoke-target";

/** The emulators a smoke run points at: `npm start`'s or a test's stack. */
export interface LocalStack {
  projectId: string;
  /** `host:port` of each emulator. */
  hosts: { firestore: string; auth: string; functions: string };
}

/** GETs `url` over HTTPS without checking the certificate (the local server's is self-signed). */
function headersOf(url: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const call = request(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers))
        if (typeof value === "string") headers[name] = value;
      resolve(headers);
    });
    call.on("error", reject);
    call.end();
  });
}

/**
 * The emulators as a smoke target. No Hosting emulator runs here, so the headers are read from the
 * static server the Lighthouse bench measures under (scripts/bench/static-h2.ts), serving a one-page
 * app: it sends firebase.json's headers as Hosting does, with the emulators' origins in the CSP.
 */
export async function localSmokeTarget(stack: LocalStack): Promise<SmokeTarget> {
  const saved = {
    FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
  };
  process.env.FIRESTORE_EMULATOR_HOST = stack.hosts.firestore;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = stack.hosts.auth;
  const app = initializeApp({ projectId: stack.projectId }, `vicino-smoke-${Date.now()}`);
  const site = mkdtempSync(join(tmpdir(), "vicino-smoke-"));
  writeFileSync(join(site, "index.html"), "<!doctype html><title>Vicino</title>");
  const emulatorOrigins = [`http://${LOCAL_HOST}:*`, `ws://${LOCAL_HOST}:*`];
  const server = await serveStaticHttp2({
    dir: site,
    host: LOCAL_HOST,
    port: await findFreePort(),
    workDir: site,
  });
  const functionsUrl = `http://${stack.hosts.functions}`;
  return {
    label: `the local emulators (${stack.projectId})`,
    projectId: stack.projectId,
    functionsBase: `${functionsUrl}/${stack.projectId}/${FUNCTIONS_REGION}`,
    firestoreDocuments: `http://${stack.hosts.firestore}/v1/projects/${stack.projectId}/databases/(default)/documents`,
    authRest: `http://${stack.hosts.auth}/identitytoolkit.googleapis.com/v1`,
    apiKey: "demo-api-key",
    appCheckToken: async () =>
      emulatorAppCheckToken({
        projectId: stack.projectId,
        apiKey: "demo-api-key",
        authDomain: `${stack.projectId}.firebaseapp.com`,
      }).token,
    adminAuth: getAuth(app),
    adminDb: getFirestore(app),
    runScheduled: (name) => runScheduledFunction({ functionsUrl, projectId: stack.projectId }, name),
    hostingHeaders: (path) => headersOf(`${server.url}${path}`),
    expectedHostingHeaders: localHostingHeaders(emulatorOrigins),
    taskWaitMs: 30_000,
    async close() {
      await server.close();
      await deleteApp(app);
      rmSync(site, { recursive: true, force: true });
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}
