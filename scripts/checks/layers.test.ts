import { execFile } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

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
 * src/testing (test helpers) and test files are outside the layers. Biome enforces the order with
 * noRestrictedImports per folder (biome.json overrides; each pattern catches the "@/..." alias and the
 * relative form) and forbids import cycles anywhere (suspicious/noImportCycles). This test proves the
 * rules bite: it writes files that break them, lints them, and expects Biome to fail naming the rule.
 */
const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const run = promisify(execFile);
const written: string[] = [];

function probe(path: string, source: string): string {
  const file = join(root, path);
  writeFileSync(file, source);
  written.push(file);
  return path;
}

async function lint(...paths: string[]): Promise<{ failed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run("npx", ["biome", "lint", "--max-diagnostics=50", ...paths], {
      cwd: root,
    });
    return { failed: false, output: stdout + stderr };
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: stdout + stderr };
  }
}

afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

describe("layers (biome.json)", { timeout: 60_000 }, () => {
  it.each([
    ["src/domain/__layer_probe.ts", 'export { getUser } from "@/data/users";\n'],
    ["src/domain/__layer_probe.ts", 'export { getUser } from "../data/users";\n'],
    ["src/data/__layer_probe.ts", 'export { useSession } from "@/lib/session/session-provider";\n'],
    ["src/data/__layer_probe.ts", 'export { customerKeys } from "../features/customer/api/customer-data";\n'],
    ["src/components/__layer_probe.ts", 'export { getUser } from "@/data/users";\n'],
    [
      "src/features/browse/__layer_probe.ts",
      'export { customerKeys } from "@/features/customer/api/customer-data";\n',
    ],
  ])("%s may not import %s", async (path, source) => {
    const result = await lint(probe(path, source));
    expect(result.failed).toBe(true);
    expect(result.output).toContain("noRestrictedImports");
  });

  it("a forward import passes", async () => {
    const result = await lint(
      probe("src/data/__layer_probe.ts", 'export { COLLECTIONS } from "@/domain/collections";\n'),
    );
    expect(result.output).not.toContain("noRestrictedImports");
  });

  it("an import cycle fails", async () => {
    const a = probe(
      "src/lib/__cycle_probe_a.ts",
      'import { b } from "./__cycle_probe_b";\nexport const a = () => b;\n',
    );
    const b = probe(
      "src/lib/__cycle_probe_b.ts",
      'import { a } from "./__cycle_probe_a";\nexport const b = () => a;\n',
    );
    const result = await lint(a, b);
    expect(result.failed).toBe(true);
    expect(result.output).toContain("noImportCycles");
  });
});
