import type { Endpoint } from "./functions-bundle";
import {
  type Finding,
  FUNCTIONS_PREDEPLOY,
  HOSTING_PREDEPLOY,
  SECURITY_HEADERS,
  TTL_REQUIRED,
} from "./rules";

/** The parts of firebase.json the check reads. */
export interface FirebaseJson {
  functions?: FunctionsConfig | FunctionsConfig[];
  hosting?: HostingConfig | HostingConfig[];
}
interface FunctionsConfig {
  source?: string;
  codebase?: string;
  runtime?: string;
  predeploy?: string | string[];
}
interface HostingConfig {
  public?: string;
  predeploy?: string | string[];
  headers?: { source?: string; headers?: { key: string; value: string }[] }[];
  rewrites?: { source?: string; function?: string | { functionId?: string; region?: string } }[];
}

/** The parts of firestore.indexes.json the check reads. */
export interface IndexesJson {
  fieldOverrides?: { collectionGroup?: string; fieldPath?: string; ttl?: boolean; indexes?: unknown }[];
}

export const listOf = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : ([value].flat() as T[]);
const commands = (predeploy: string | string[] | undefined) => listOf(predeploy).map((c) => c.trim());

export function checkFirebaseJson(config: FirebaseJson, endpoints: Record<string, Endpoint>): Finding[] {
  const findings: Finding[] = [];
  const functions = listOf(config.functions);
  if (
    functions.length === 0 ||
    functions.some((fn) => !commands(fn.predeploy).includes(FUNCTIONS_PREDEPLOY))
  ) {
    findings.push({
      rule: "functions-predeploy",
      subject: "firebase.json functions",
      message:
        "the functions are deployed without being built first: `firebase deploy` would upload a stale or missing functions/lib.",
      fix: `add "predeploy": ["${FUNCTIONS_PREDEPLOY.replaceAll('"', '\\"')}"] to each functions codebase.`,
    });
  }
  const hosting = listOf(config.hosting);
  for (const site of hosting) {
    if (!commands(site.predeploy).includes(HOSTING_PREDEPLOY)) {
      findings.push({
        rule: "hosting-predeploy",
        subject: "firebase.json hosting",
        message:
          "Hosting is deployed without building the SPA for the target project: it would publish whatever dist/ holds (an emulator build, or another project's).",
        fix: `add "predeploy": ["${HOSTING_PREDEPLOY.replaceAll('"', '\\"')}"] to hosting.`,
      });
    }
    findings.push(...checkRewrites(site, endpoints), ...checkHeaders(site));
  }
  if (hosting.length === 0) {
    findings.push({
      rule: "hosting-predeploy",
      subject: "firebase.json hosting",
      message: "firebase.json has no hosting section.",
      fix: 'restore hosting (public "dist", predeploy, headers, rewrites).',
    });
  }
  return findings;
}

function checkRewrites(site: HostingConfig, endpoints: Record<string, Endpoint>): Finding[] {
  const findings: Finding[] = [];
  for (const rewrite of site.rewrites ?? []) {
    if (rewrite.function === undefined) continue;
    const subject = `firebase.json rewrite ${rewrite.source ?? "(no source)"}`;
    if (typeof rewrite.function === "string") {
      findings.push({
        rule: "hosting-rewrite",
        subject,
        message: `names the function "${rewrite.function}" without a region: Hosting would look for it in us-central1.`,
        fix: `write "function": { "functionId": "${rewrite.function}", "region": "<its region>" }.`,
      });
      continue;
    }
    const id = rewrite.function.functionId ?? "";
    const endpoint = endpoints[id];
    if (!endpoint) {
      findings.push({
        rule: "hosting-rewrite",
        subject,
        message: `points at the function "${id}", which the functions bundle does not export.`,
        fix: "export it from functions/src/index.ts, or point the rewrite at the function that serves this path.",
      });
      continue;
    }
    if (!endpoint.httpsTrigger && !endpoint.callableTrigger) {
      findings.push({
        rule: "hosting-rewrite",
        subject,
        message: `points at "${id}", which is not an HTTPS function (onRequest).`,
        fix: "point it at an onRequest function.",
      });
    }
    const regions = endpoint.region ?? [];
    if (!rewrite.function.region || !regions.includes(rewrite.function.region)) {
      findings.push({
        rule: "hosting-rewrite",
        subject,
        message: `looks for "${id}" in ${rewrite.function.region ?? "us-central1 (no region given)"}, but it runs in ${regions.join(", ") || "the default region"}.`,
        fix: `set "region": "${regions[0] ?? "europe-west8"}" in the rewrite.`,
      });
    }
  }
  return findings;
}

function checkHeaders(site: HostingConfig): Finding[] {
  const everyPath = (site.headers ?? []).filter((rule) => rule.source === "**");
  const sent = new Map(
    everyPath.flatMap((rule) => rule.headers ?? []).map(({ key, value }) => [key.toLowerCase(), value]),
  );
  const findings: Finding[] = SECURITY_HEADERS.filter((header) => !sent.get(header.toLowerCase())).map(
    (header) => ({
      rule: "security-headers",
      subject: `firebase.json hosting.headers "**"`,
      message: `${header} is not sent on every path.`,
      fix: `add { "key": "${header}", ... } to the headers of source "**" (values: scripts/checks/hosting-headers.test.ts).`,
    }),
  );
  const csp = sent.get("content-security-policy");
  if (csp && !/(^|;)\s*frame-ancestors\s+'none'\s*(;|$)/.test(csp)) {
    findings.push({
      rule: "security-headers",
      subject: `firebase.json hosting.headers "**"`,
      message: "the Content-Security-Policy lets other sites frame the app (no frame-ancestors 'none').",
      fix: "add frame-ancestors 'none' to the Content-Security-Policy.",
    });
  }
  return findings;
}

export function checkIndexes(indexes: IndexesJson): Finding[] {
  const findings: Finding[] = [];
  for (const { collection, field } of TTL_REQUIRED) {
    const override = (indexes.fieldOverrides ?? []).find(
      (entry) => entry.collectionGroup === collection && entry.fieldPath === field,
    );
    if (override?.ttl === true && Array.isArray(override.indexes)) continue;
    findings.push({
      rule: "ttl-policy",
      subject: `firestore.indexes.json ${collection}.${field}`,
      message: override
        ? `the override of ${collection}.${field} ${override.ttl === true ? "has no indexes array (firebase deploy refuses it)" : "does not set ttl: true"}.`
        : `no TTL policy for ${collection}.${field}: the privacy notice promises these documents are deleted.`,
      fix: `add to fieldOverrides: { "collectionGroup": "${collection}", "fieldPath": "${field}", "ttl": true, "indexes": [] }.`,
    });
  }
  return findings;
}
