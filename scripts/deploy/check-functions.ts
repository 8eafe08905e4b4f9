import type { Endpoint } from "./functions-bundle";
import { EXPECTED_REGION, type Finding, SUPPORTED_NODE_MAJORS } from "./rules";
import { regionVerdicts, SERVICE_LOCATIONS } from "./service-regions";

/** What decides the runtime the functions deploy on. */
export interface RuntimeInputs {
  /** functions/package.json `engines.node`. */
  enginesNode: string | undefined;
  /** firebase.json `functions[].runtime`, when set (it overrides engines). */
  firebaseRuntimes: (string | undefined)[];
  /** functions/build.mjs esbuild `target`. */
  esbuildTarget: string | string[] | undefined;
}

const SUPPORTED = SUPPORTED_NODE_MAJORS.join(" or ");

export function checkRuntime(inputs: RuntimeInputs): Finding[] {
  const findings: Finding[] = [];
  const engines = inputs.enginesNode?.trim() ?? "";
  const major = /^\d+$/.test(engines) ? engines : undefined;
  if (!major || !(SUPPORTED_NODE_MAJORS as readonly string[]).includes(major)) {
    findings.push({
      rule: "runtime",
      subject: "functions/package.json",
      message: `engines.node is "${engines}": Cloud Run functions deploys only nodejs${SUPPORTED_NODE_MAJORS.join("/nodejs")} (a bare major, e.g. "22").`,
      fix: `set "engines": { "node": "${SUPPORTED_NODE_MAJORS[0]}" } (or ${SUPPORTED}).`,
    });
  }
  for (const runtime of inputs.firebaseRuntimes) {
    if (runtime === undefined) continue;
    const runtimeMajor = /^nodejs(\d+)$/.exec(runtime)?.[1];
    if (!runtimeMajor || !(SUPPORTED_NODE_MAJORS as readonly string[]).includes(runtimeMajor)) {
      findings.push({
        rule: "runtime",
        subject: "firebase.json functions.runtime",
        message: `runtime "${runtime}" is not supported.`,
        fix: `remove it (functions/package.json engines decides) or set nodejs${SUPPORTED_NODE_MAJORS[0]}.`,
      });
    }
  }
  const targets = [inputs.esbuildTarget ?? []].flat();
  const nodeTarget = targets.find((target) => target.startsWith("node"));
  const deployed = inputs.firebaseRuntimes.find((runtime) => runtime !== undefined)?.slice("nodejs".length);
  const expected = deployed ?? major;
  if (expected && nodeTarget?.replace(/^node/, "").split(".")[0] !== expected) {
    findings.push({
      rule: "runtime",
      subject: "functions/build.mjs",
      message: `esbuild target is "${targets.join(",") || "(none)"}" but the functions deploy on Node ${expected}.`,
      fix: `set target: "node${expected}" in functionsBuildOptions.`,
    });
  }
  return findings;
}

const isSet = (value: Endpoint["timeoutSeconds"]) => value !== undefined && value !== null;

/**
 * Each endpoint's options: region, sizing, and the secrets its code reads (`needed`: function name →
 * secret → a module that reads it, from secret-readers.ts).
 */
export function checkEndpoints(
  endpoints: Record<string, Endpoint>,
  needed: Record<string, Map<string, string>>,
): Finding[] {
  const findings: Finding[] = [];
  for (const [name, endpoint] of Object.entries(endpoints).sort(([a], [b]) => a.localeCompare(b))) {
    const region = endpoint.region ?? [];
    if (region.length !== 1 || region[0] !== EXPECTED_REGION) {
      findings.push({
        rule: "region",
        subject: name,
        message: `runs in ${region.join(", ") || "the default region (us-central1)"}, not ${EXPECTED_REGION}.`,
        fix: `give it region (functions/src/lib/global-options.ts \`region\`, or callableOptions).`,
      });
    }
    for (const verdict of regionVerdicts(endpoint)) {
      if (verdict.status !== "not-offered") continue;
      const table = SERVICE_LOCATIONS[verdict.service];
      findings.push({
        rule: "service-region",
        subject: name,
        message: `its trigger needs ${table.name}, which is not offered in ${verdict.region} (${table.page}).`,
        fix: `run it in a region that offers ${table.name} (${table.offered.join(", ")}), or, if the page now lists ${verdict.region}, add it to scripts/deploy/service-regions.ts.`,
      });
    }
    if (!isSet(endpoint.timeoutSeconds)) {
      findings.push({
        rule: "timeout",
        subject: name,
        message: "timeoutSeconds is not set: it would run with the platform's default (60 s).",
        fix: "set timeoutSeconds in its options to what the function needs (and say why).",
      });
    }
    if (!isSet(endpoint.availableMemoryMb)) {
      findings.push({
        rule: "memory",
        subject: name,
        message: "memory is not set: it would run with the platform's default (256 MiB).",
        fix: 'set memory in its options (e.g. "256MiB", "512MiB") to what the function needs.',
      });
    }
    if (!isSet(endpoint.maxInstances)) {
      findings.push({
        rule: "max-instances",
        subject: name,
        message: "maxInstances is not set: a burst (or an attack) could scale it without limit.",
        fix: "set maxInstances in its options (or setGlobalOptions) from the expected load.",
      });
    }
    const bound = new Set((endpoint.secretEnvironmentVariables ?? []).map(({ key }) => key));
    for (const [secret, reader] of needed[name] ?? new Map<string, string>()) {
      if (bound.has(secret)) continue;
      findings.push({
        rule: "secret-binding",
        subject: name,
        message: `its code reads the secret ${secret} (${reader}) but the function does not bind it: at runtime the value is empty.`,
        fix: `add the secret's param to its options: secrets: [..., ${secret}] (defineSecret("${secret}")).`,
      });
    }
  }
  return findings;
}

/** Regions a function's trigger needs whose service could not be confirmed: printed, not failed. */
export function unconfirmedRegions(endpoints: Record<string, Endpoint>): string[] {
  const notes = new Map<string, string[]>();
  for (const [name, endpoint] of Object.entries(endpoints)) {
    for (const verdict of regionVerdicts(endpoint)) {
      if (verdict.status !== "unconfirmed") continue;
      const key = `${SERVICE_LOCATIONS[verdict.service].name} in ${verdict.region}: ${verdict.note}`;
      notes.set(key, [...(notes.get(key) ?? []), name]);
    }
  }
  return [...notes].map(([key, names]) => `${key} (${names.sort().join(", ")})`);
}
