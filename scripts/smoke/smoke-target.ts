import type { Auth } from "firebase-admin/auth";
import type { Firestore } from "firebase-admin/firestore";

/**
 * Where `npm run smoke` points: a deployed project (./project-target.ts) or the local emulators
 * (./local-target.ts). Every check (./smoke-checks.ts) goes through this, so the same checks run in CI
 * against the emulators and after a deploy against production.
 */
export interface SmokeTarget {
  label: string;
  projectId: string;
  /** The callables' base URL, `…/startSmokeRun` appended. */
  functionsBase: string;
  /** Firestore's REST documents root: `…/v1/projects/{p}/databases/(default)/documents`. */
  firestoreDocuments: string;
  /** Auth's REST root: `…/identitytoolkit.googleapis.com/v1` (the emulator's or Google's). */
  authRest: string;
  apiKey: string;
  /** A valid App Check token for the web app. */
  appCheckToken(): Promise<string>;
  /** firebase-admin on the target (the operator's credentials in production). */
  adminAuth: Auth;
  adminDb: Firestore;
  /** Runs one scheduled function now, as Cloud Scheduler would. */
  runScheduled(name: string): Promise<void>;
  /** The response headers of a page of the deployed app (lower-cased names). */
  hostingHeaders(path: string): Promise<Record<string, string>>;
  /** The headers Hosting must send on every page (firebase.json; locally without HSTS). */
  expectedHostingHeaders: Record<string, string>;
  /** How long the task may take to run. */
  taskWaitMs: number;
  close(): Promise<void>;
}
