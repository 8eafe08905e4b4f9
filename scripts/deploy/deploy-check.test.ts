import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { BuildOptions } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { checkAll, type DeployCheckInputs } from "./check";
import type { FirebaseJson, IndexesJson } from "./check-config";
import { unconfirmedRegions } from "./check-functions";
import { analyzeFunctions, type FunctionsAnalysis } from "./functions-analysis";
import { type Finding, formatFindings } from "./rules";

/**
 * `npm run deploy:check` on a small functions codebase that deploys correctly (fixtures/functions:
 * three functions, sized, in europe-west8, each binding the secrets its code reads), then on copies with
 * one mistake each: every mistake must fail with its rule and a message naming the culprit. The fixture
 * is built and loaded once; the mistakes are made on copies of what that produced.
 */
const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const fixtureDir = fileURLToPath(new URL("./fixtures/functions", import.meta.url));
const readJson = <T>(file: string): T => JSON.parse(readFileSync(resolve(root, file), "utf8")) as T;

const buildOptions: BuildOptions = {
  absWorkingDir: fixtureDir,
  entryPoints: ["src/index.ts"],
  outfile: "lib/index.js",
  bundle: true,
  platform: "node",
  target: "node22",
  format: "cjs",
  external: ["firebase-functions", "firebase-functions/*"],
};

/** The repository's firebase.json, its function rewrites pointed at the fixture's HTTP function. */
function fixtureFirebaseJson(): FirebaseJson {
  const config = readJson<FirebaseJson & { hosting: { rewrites: unknown[] } }>("firebase.json");
  config.hosting.rewrites = [
    { source: "/api/hook", function: { functionId: "hook", region: "europe-west8" } },
    { source: "**", destination: "/index.html" },
  ];
  return config;
}

const correct = (): DeployCheckInputs => ({
  functionsBuildOptions: buildOptions,
  functionsPackageJson: { engines: { node: "22" } },
  firebaseJson: fixtureFirebaseJson(),
  indexesJson: readJson<IndexesJson>("firestore.indexes.json"),
});

let analysis: FunctionsAnalysis;
beforeAll(async () => {
  analysis = await analyzeFunctions(buildOptions, root);
}, 60_000);

const run = (
  change: (inputs: DeployCheckInputs, analysis: FunctionsAnalysis) => void = () => {},
): Finding[] => {
  const inputs = correct();
  const copy = structuredClone(analysis);
  change(inputs, copy);
  return checkAll(inputs, copy);
};
/** `[rule] subject: message` of each finding. */
const lines = (findings: Finding[]) =>
  findings.map(({ rule, subject, message }) => `[${rule}] ${subject}: ${message}`);

describe("deploy:check on a correct codebase", () => {
  it("passes", () => {
    expect(formatFindings(run())).toBe("");
  });

  it("reads the functions' options from the built bundle", () => {
    expect(Object.keys(analysis.endpoints).sort()).toEqual(["charge", "hook", "nightly"]);
    expect(analysis.endpoints.charge).toMatchObject({
      timeoutSeconds: 30,
      availableMemoryMb: 256,
      maxInstances: 5,
    });
  });

  it("finds each secret where the code reads it, per declaration imported", () => {
    const needs = (name: string) => [...(analysis.needed[name]?.keys() ?? [])].sort();
    expect(needs("charge")).toEqual(["FIXTURE_API_KEY"]); // env[apiKey.name]
    expect(needs("hook")).toEqual(["FIXTURE_HOOK_SECRET"]); // hookSecret.value(), not the other helper's
    expect(needs("nightly")).toEqual(["SMTP_PASS"]); // process.env.SMTP_PASS, a known deploy secret
  });
});

describe("deploy:check fails on each mistake", () => {
  it("a function on node20", () => {
    const findings = run((inputs) => {
      inputs.functionsPackageJson = { engines: { node: "20" } };
      inputs.functionsBuildOptions = { ...buildOptions, target: "node20" };
    });
    expect(lines(findings)).toContain(
      '[runtime] functions/package.json: engines.node is "20": Cloud Run functions deploys only nodejs22/nodejs24 (a bare major, e.g. "22").',
    );
  });

  it("an esbuild target that does not match the runtime", () => {
    const findings = run((inputs) => {
      inputs.functionsBuildOptions = { ...buildOptions, target: "node20" };
    });
    expect(lines(findings)).toEqual([
      '[runtime] functions/build.mjs: esbuild target is "node20" but the functions deploy on Node 22.',
    ]);
  });

  it("a secret read but not bound", () => {
    const findings = run((_inputs, copy) => {
      delete copy.endpoints.charge?.secretEnvironmentVariables;
    });
    expect(lines(findings)).toEqual([
      "[secret-binding] charge: its code reads the secret FIXTURE_API_KEY (scripts/deploy/fixtures/functions/src/config.ts (apiKeyFromEnv)) but the function does not bind it: at runtime the value is empty.",
    ]);
    expect(findings[0]?.fix).toContain("secrets: [..., FIXTURE_API_KEY]");
  });

  it("a function without explicit timeout, memory or instance cap", () => {
    const findings = run((_inputs, copy) => {
      Object.assign(copy.endpoints.nightly ?? {}, { timeoutSeconds: null, availableMemoryMb: null });
      delete copy.endpoints.hook?.maxInstances;
    });
    expect(lines(findings)).toEqual([
      "[max-instances] hook: maxInstances is not set: a burst (or an attack) could scale it without limit.",
      "[timeout] nightly: timeoutSeconds is not set: it would run with the platform's default (60 s).",
      "[memory] nightly: memory is not set: it would run with the platform's default (256 MiB).",
    ]);
  });

  it("a function outside europe-west8", () => {
    const findings = run((_inputs, copy) => {
      if (copy.endpoints.charge) copy.endpoints.charge.region = ["us-central1"];
    });
    expect(lines(findings)).toEqual(["[region] charge: runs in us-central1, not europe-west8."]);
  });

  it("a trigger whose service is not offered in the function's region (probes)", () => {
    const findings = run((_inputs, copy) => {
      if (copy.endpoints.nightly) copy.endpoints.nightly.region = ["europe-west9"];
      copy.endpoints.queue = { ...copy.endpoints.charge, region: ["europe-west9"], taskQueueTrigger: {} };
      delete copy.endpoints.queue.callableTrigger;
      copy.endpoints.onWrite = {
        ...copy.endpoints.charge,
        eventTrigger: { eventType: "google.cloud.firestore.document.v1.written" },
      };
      delete copy.endpoints.onWrite.callableTrigger;
      copy.endpoints.onWrite.region = ["europe-west1"];
    });
    const refused = lines(findings).filter((line) => line.startsWith("[service-region]"));
    expect(refused).toEqual([
      "[service-region] nightly: its trigger needs Cloud Scheduler, which is not offered in europe-west9 (https://cloud.google.com/scheduler/docs/locations (and its release notes)).",
      "[service-region] onWrite: its trigger needs Eventarc (Firestore triggers), which is not offered in europe-west1 (https://cloud.google.com/firestore/docs/eventarc (a trigger runs in its database's location)).",
      "[service-region] queue: its trigger needs Cloud Tasks, which is not offered in europe-west9 (https://cloud.google.com/tasks/docs/locations).",
    ]);
  });

  it("names the services it could not confirm in a function's region, without failing", () => {
    expect(unconfirmedRegions(analysis.endpoints)).toEqual([
      expect.stringMatching(
        /^Cloud Scheduler in europe-west8: .*gcloud scheduler locations list.* \(nightly\)$/,
      ),
    ]);
    expect(run().filter((finding) => finding.rule === "service-region")).toEqual([]);
  });

  it("a rewrite to a missing function, or in another region", () => {
    const findings = run((inputs) => {
      inputs.firebaseJson.hosting = {
        ...(inputs.firebaseJson.hosting as object),
        rewrites: [
          { source: "/api/send-email", function: { functionId: "sendEmail", region: "europe-west8" } },
          { source: "/api/hook", function: { functionId: "hook", region: "us-central1" } },
        ],
      };
    });
    expect(lines(findings)).toEqual([
      '[hosting-rewrite] firebase.json rewrite /api/send-email: points at the function "sendEmail", which the functions bundle does not export.',
      '[hosting-rewrite] firebase.json rewrite /api/hook: looks for "hook" in us-central1, but it runs in europe-west8.',
    ]);
  });

  it("a missing predeploy", () => {
    const findings = run((inputs) => {
      const config = inputs.firebaseJson as {
        hosting: { predeploy?: unknown };
        functions: { predeploy?: unknown }[];
      };
      delete config.hosting.predeploy;
      delete config.functions[0]?.predeploy;
    });
    expect(findings.map(({ rule, subject }) => `${rule} ${subject}`)).toEqual([
      "functions-predeploy firebase.json functions",
      "hosting-predeploy firebase.json hosting",
    ]);
    expect(findings[1]?.fix).toContain('npm run build:deploy -- --project \\"$GCLOUD_PROJECT\\"');
  });

  it("a missing security header", () => {
    const findings = run((inputs) => {
      const hosting = inputs.firebaseJson.hosting as {
        headers: { source: string; headers: { key: string }[] }[];
      };
      const everyPath = hosting.headers.find((rule) => rule.source === "**");
      if (everyPath)
        everyPath.headers = everyPath.headers.filter(({ key }) => key !== "Strict-Transport-Security");
    });
    expect(lines(findings)).toEqual([
      '[security-headers] firebase.json hosting.headers "**": Strict-Transport-Security is not sent on every path.',
    ]);
  });

  it("a missing TTL override", () => {
    const findings = run((inputs) => {
      inputs.indexesJson.fieldOverrides = inputs.indexesJson.fieldOverrides?.filter(
        (entry) => entry.collectionGroup !== "rateLimits",
      );
    });
    expect(lines(findings)).toEqual([
      "[ttl-policy] firestore.indexes.json rateLimits.expiresAt: no TTL policy for rateLimits.expiresAt: the privacy notice promises these documents are deleted.",
    ]);
  });

  it("a TTL override without ttl: true", () => {
    const findings = run((inputs) => {
      for (const entry of inputs.indexesJson.fieldOverrides ?? []) entry.ttl = false;
    });
    expect(findings.map(({ rule, subject }) => `${rule} ${subject}`).sort()).toEqual([
      "ttl-policy firestore.indexes.json digestInbox.expireAt",
      "ttl-policy firestore.indexes.json magicLinks.expiresAt",
      "ttl-policy firestore.indexes.json notificationState.expireAt",
      "ttl-policy firestore.indexes.json priceBuilds.expiresAt",
      "ttl-policy firestore.indexes.json priceDays.expiresAt",
      "ttl-policy firestore.indexes.json priceEntries.expiresAt",
      "ttl-policy firestore.indexes.json rateLimits.expiresAt",
      "ttl-policy firestore.indexes.json smokeRuns.expiresAt",
    ]);
  });
});
