import { execFile } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layers of src/, innermost first; each may import only the layers before it (and itself):
 *
 *   domain      pure TypeScript: zod and itself (no React, no Firebase, no config)
 *   config      the environment and the route paths; may use the domain's types
 *   data        the only Firebase code: domain, config
 *   lib         app-wide hooks and helpers (session, token balance): data, domain, config
 *   components  shared UI: lib, domain, config; not data (a feature passes data in, e.g. loadPlaces)
 *   features    one folder per product area: everything above, never another feature
 *   app         router, providers, layouts: everything
 *
 * Inside the domain, the bounded contexts have an order of their own, each importing only those before
 * it (and itself):
 *
 *   core ← products ← geo ← billing ← legal ← people ← marketplace ← algo ← notifications ← market ← boundary
 *
 * One file is let off: core/collections.ts names every collection and type-checks its field paths
 * against the entities' types, with type-only imports that vanish at build.
 *
 * src/testing (test helpers) and test files are outside the layers. Biome enforces the order with
 * noRestrictedImports per folder (biome.json overrides; each pattern catches the "@/..." alias and the
 * relative form) and forbids import cycles anywhere (suspicious/noImportCycles). This test proves the
 * rules bite: it writes files that break them, lints them all in one Biome run, and expects each
 * file's diagnostics to name the rule. The probes live in the real folders (the rules are per folder)
 * under a name tsconfig.json excludes (__layer_probe*), so a concurrent tsc never sees them.
 */
const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const run = promisify(execFile);

type Probe = { name: string; path: string; source: string; rule: string | null };

const backward = (name: string, folder: string, source: string): Probe => ({
  name,
  path: `${folder}/__layer_probe_${name.replace(/\W+/g, "_")}.ts`,
  source,
  rule: "noRestrictedImports",
});

const BACKWARD: Probe[] = [
  backward(
    "domain imports data (alias)",
    "src/domain/marketplace",
    'export { getUser } from "@/data/users";\n',
  ),
  backward(
    "domain imports data (relative)",
    "src/domain/marketplace",
    'export { getUser } from "../../data/users";\n',
  ),
  backward("a domain context imports React", "src/domain/geo", 'export { useState } from "react";\n'),
  backward(
    "core imports a context (relative)",
    "src/domain/core",
    'export { distanceKm } from "../geo/geo.ts";\n',
  ),
  backward(
    "geo imports marketplace (alias)",
    "src/domain/geo",
    'export { OFFER_STATUSES } from "@/domain/marketplace/state-machine";\n',
  ),
  backward(
    "marketplace imports algo (relative)",
    "src/domain/marketplace",
    'export { ALGO_MESSAGES } from "../algo/algo-messages.ts";\n',
  ),
  backward(
    "people import the boundary (alias)",
    "src/domain/people",
    'export { errorMessage } from "@/domain/boundary/errors";\n',
  ),
  backward(
    "data imports lib (alias)",
    "src/data",
    'export { useSession } from "@/lib/session/session-provider";\n',
  ),
  backward(
    "data imports a feature (relative)",
    "src/data",
    'export { customerKeys } from "../features/customer/api/customer-data";\n',
  ),
  backward("components import data (alias)", "src/components", 'export { getUser } from "@/data/users";\n'),
  backward(
    "a feature imports another feature (alias)",
    "src/features/browse",
    'export { customerKeys } from "@/features/customer/api/customer-data";\n',
  ),
];

const FORWARD: Probe[] = [
  {
    name: "data imports domain",
    path: "src/data/__layer_probe_forward.ts",
    source: 'export { COLLECTIONS } from "@/domain/core/collections";\n',
    rule: null,
  },
  {
    name: "marketplace imports geo and core",
    path: "src/domain/marketplace/__layer_probe_forward.ts",
    source:
      'export { distanceKm } from "../geo/geo.ts";\nexport { PASSWORD_MIN_LENGTH } from "@/domain/core/limits";\n',
    rule: null,
  },
];

const CYCLE: Probe[] = [
  {
    name: "cycle a",
    path: "src/lib/__layer_probe_cycle_a.ts",
    source: 'import { b } from "./__layer_probe_cycle_b";\nexport const a = () => b;\n',
    rule: "noImportCycles",
  },
  {
    name: "cycle b",
    path: "src/lib/__layer_probe_cycle_b.ts",
    source: 'import { a } from "./__layer_probe_cycle_a";\nexport const b = () => a;\n',
    rule: "noImportCycles",
  },
];

const PROBES = [...BACKWARD, ...FORWARD, ...CYCLE];

/** Biome's output, one entry per probe: the diagnostics whose header names that file. */
let failed = false;
const diagnostics = new Map<string, string[]>();

async function lint(paths: string[]): Promise<{ failed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run("npx", ["biome", "lint", "--max-diagnostics=none", ...paths], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { failed: false, output: stdout + stderr };
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: stdout + stderr };
  }
}

function removeProbes() {
  for (const probe of PROBES) rmSync(join(root, probe.path), { force: true });
}

beforeAll(async () => {
  try {
    for (const probe of PROBES) writeFileSync(join(root, probe.path), probe.source);
    const result = await lint(PROBES.map((probe) => probe.path));
    failed = result.failed;
    // A diagnostic starts with a header line "path:line:col lint/group/rule ━━━".
    for (const line of result.output.split("\n")) {
      const header = /^(\S+\.ts):\d+:\d+ lint\/\w+\/(\w+)/.exec(line.trim());
      if (!header?.[1] || !header[2]) continue;
      const rules = diagnostics.get(header[1]) ?? [];
      rules.push(header[2]);
      diagnostics.set(header[1], rules);
    }
  } finally {
    removeProbes();
  }
}, 60_000);

afterAll(removeProbes);

describe("layers (biome.json)", () => {
  it("Biome fails on the probes", () => {
    expect(failed).toBe(true);
  });

  it.each(BACKWARD.map((probe) => [probe.name, probe] as const))("%s fails", (_name, probe) => {
    expect(diagnostics.get(probe.path)).toContain(probe.rule);
  });

  it.each(FORWARD.map((probe) => [probe.name, probe] as const))("%s passes", (_name, probe) => {
    expect(diagnostics.get(probe.path) ?? []).not.toContain("noRestrictedImports");
  });

  it("an import cycle fails", () => {
    for (const probe of CYCLE) expect(diagnostics.get(probe.path)).toContain(probe.rule);
  });
});
