import { globSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, URL } from "node:url";
import { describe, expect, it } from "vitest";
import { exportedNames, JSON_SCHEMA_MODULES, STAND_IN_ERROR, standIn } from "./zod-without-json-schema.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const zodCore = join(root, "node_modules/zod/v4/core");
const modules = ["json-schema-processors.js", "to-json-schema.js"].map((name) => join(zodCore, name));

/** Evaluates a module's source (ESM) and returns its namespace. */
async function evaluate(source: string): Promise<Record<string, unknown>> {
  return import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);
}

describe("the client build's zod without JSON Schema (scripts/bundle/zod-without-json-schema.ts)", () => {
  it("matches exactly zod's two JSON Schema modules", () => {
    for (const file of modules) expect(JSON_SCHEMA_MODULES.test(file)).toBe(true);
    expect(JSON_SCHEMA_MODULES.test(join(zodCore, "schemas.js"))).toBe(false);
    expect(JSON_SCHEMA_MODULES.test(join(zodCore, "json-schema.js"))).toBe(false);
  });

  it("stands in with every name the real module exports", async () => {
    const require = createRequire(import.meta.url);
    for (const file of modules) {
      const real = Object.keys(await import(file)).sort();
      const source = readFileSync(require.resolve(file), "utf8");
      expect(exportedNames(source).sort()).toEqual(real);
      expect(Object.keys(await evaluate(standIn(source))).sort()).toEqual(real);
    }
  });

  it("throws when a conversion is asked for, and lets a schema read its ~standard", async () => {
    const stand = await evaluate(standIn(readFileSync(modules[1] as string, "utf8")));
    const create = stand.createStandardJSONSchemaMethod as () => () => unknown;
    expect(typeof create()).toBe("function");
    expect(() => create()()).toThrow(STAND_IN_ERROR);
    expect(() => (stand.finalize as () => unknown)()).toThrow(STAND_IN_ERROR);
  });

  it("is safe because the client never converts a schema to JSON Schema", () => {
    const files = globSync("src/**/*.{ts,tsx}", { cwd: root }).filter((path) => !/\.test\.tsx?$/.test(path));
    const users = files.filter((path) =>
      /toJSONSchema|JSONSchema|["']~standard["']/.test(readFileSync(join(root, path), "utf8")),
    );
    expect(users).toEqual([]);
  });
});
