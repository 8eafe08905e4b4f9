import { FUNCTIONS_REGION } from "../../src/domain/core/product";
import { TTL_POLICIES } from "../../src/domain/core/ttl-policies";

/**
 * What `npm run deploy:check` requires of a deploy, as data: each rule's id (printed with every failure,
 * and what the tests assert), what it checks and the expected values. The checks read these lists, not
 * the functions' code, so a new function or secret is checked without touching the checker.
 */
export const RULES = {
  runtime: "functions run on a supported Node runtime (engines, firebase.json runtime, esbuild target)",
  region: `every function runs in ${FUNCTIONS_REGION}`,
  "service-region":
    "every service a function's trigger needs is offered in its region (Cloud Scheduler, Cloud Tasks, Eventarc: scripts/deploy/service-regions.ts)",
  timeout: "every function sets timeoutSeconds on purpose (not the platform's 60 s default)",
  memory: "every function sets memory on purpose (not the platform's 256 MiB default)",
  "max-instances": "every function caps its instances (maxInstances)",
  "secret-binding": "every function whose code reads a secret binds it (secrets: [...])",
  "functions-entry": "every exported function comes from a module the checker can follow",
  "functions-predeploy": "firebase.json builds the functions before deploying them",
  "hosting-predeploy": "firebase.json builds the SPA for the target project before deploying Hosting",
  "hosting-rewrite": "every Hosting rewrite to a function names a deployed HTTPS function in its region",
  "security-headers": "Hosting sends the security headers on every path",
  "functions-lock":
    "functions/package-lock.json pins what the tests ran (cut out of the root lock: npm run functions:lock)",
  "ttl-policy": "firestore.indexes.json declares each TTL policy the privacy notice promises",
  "spa-env": "a deploy build has the real project's configuration and no emulator settings",
  "spa-bundle": "the deploy build carries the target project's configuration",
} as const;

export type RuleId = keyof typeof RULES;

/** One broken rule: what, where, and how to fix it. */
export interface Finding {
  rule: RuleId;
  /** The function, file or setting at fault. */
  subject: string;
  message: string;
  fix: string;
}

export const EXPECTED_REGION = FUNCTIONS_REGION;

/**
 * Node majors Cloud Run functions still creates and updates (nodejs20 was decommissioned on
 * 2026-10-30; nodejs22 is supported until 2027-10-31, nodejs24 until 2028-10-31).
 */
export const SUPPORTED_NODE_MAJORS = ["22", "24"] as const;

/** The SPA's Hosting predeploy: builds for the project the CLI deploys to ($GCLOUD_PROJECT). */
export const HOSTING_PREDEPLOY = 'npm run build:deploy -- --project "$GCLOUD_PROJECT"';
/** The functions' predeploy: bundles functions/lib (functions/build.mjs). */
export const FUNCTIONS_PREDEPLOY = 'npm --prefix "$RESOURCE_DIR" run build';

/** Headers Hosting must send on "**" (their exact values: scripts/checks/hosting-headers.test.ts). */
export const SECURITY_HEADERS = [
  "Content-Security-Policy",
  "Referrer-Policy",
  "Permissions-Policy",
  "Strict-Transport-Security",
  "X-Content-Type-Options",
] as const;

/** TTL policies firestore.indexes.json must declare (the domain's list, src/domain/core/collections.ts). */
export const TTL_REQUIRED: readonly { collection: string; field: string }[] = TTL_POLICIES;

/**
 * Web app settings a deploy build must have (src/config/env-schema.ts reads them): the Firebase config
 * the SDK needs to reach the project and for App Check (appId), and the reCAPTCHA Enterprise site key.
 */
export const SPA_REQUIRED_VARS = [
  "VITE_FIREBASE_PROJECT_ID",
  "VITE_FIREBASE_API_KEY",
  "VITE_FIREBASE_AUTH_DOMAIN",
  "VITE_FIREBASE_APP_ID",
  "VITE_APPCHECK_SITE_KEY",
] as const;

/** Settings that point the SPA at the local emulators: none may be set in a deploy build. */
export const SPA_EMULATOR_VARS = [
  "VITE_EMULATOR_HOST",
  "VITE_AUTH_EMULATOR_PORT",
  "VITE_FIRESTORE_EMULATOR_PORT",
  "VITE_FUNCTIONS_EMULATOR_PORT",
] as const;

/**
 * Secrets a deploy stores in Secret Manager (docs/operations.md), checked like those the code declares
 * with defineSecret: a function whose code reads one of these from its environment must bind it.
 */
export const KNOWN_SECRETS = [
  "SMTP_USER",
  "SMTP_PASS",
  "GEMINI_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
] as const;

/** `✗ [rule] subject: message\n    fix: ...`, one block per finding. */
export function formatFindings(findings: readonly Finding[]): string {
  return findings
    .map(({ rule, subject, message, fix }) => `✗ [${rule}] ${subject}: ${message}\n    fix: ${fix}`)
    .join("\n");
}
