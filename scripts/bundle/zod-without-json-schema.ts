import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/**
 * zod 4's classic schemas carry their JSON Schema conversion (`schema.toJSONSchema()`, Standard
 * Schema's `jsonSchema`): every schema's constructor installs it, so no bundler can drop it, and every
 * signed-in page downloaded ~5 kB gzip of it. The client never converts a schema to JSON Schema (the
 * unit check in zod-without-json-schema.test.ts keeps it so), so a production build replaces the two
 * modules with stand-ins that export the same names and throw if one is ever called. Tests, the dev
 * server and the Functions run the real zod.
 */
export const JSON_SCHEMA_MODULES =
  /\/node_modules\/zod\/v4\/core\/(json-schema-processors|to-json-schema)\.js$/;

export const STAND_IN_ERROR =
  "zod's JSON Schema is not in the client build (scripts/bundle/zod-without-json-schema.ts)";

/** The names a module exports, read from its `export function|const|class` and `export { … }` lines. */
export function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(
    /^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/gm,
  )) {
    names.add(match[1] as string);
  }
  for (const match of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of (match[1] as string).split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return [...names];
}

/**
 * A module with the same exports, each a function that throws STAND_IN_ERROR, except the method
 * factories (`create…`), which every schema calls when its `~standard` is read: those return a method
 * that throws when called.
 */
export function standIn(source: string): string {
  const names = exportedNames(source);
  if (names.length === 0) throw new Error("zod-without-json-schema: no exports found; has zod changed?");
  return [
    `function fail() { throw new Error(${JSON.stringify(STAND_IN_ERROR)}); }`,
    "function factory() { return fail; }",
    ...names.map((name) => `export const ${name} = ${name.startsWith("create") ? "factory" : "fail"};`),
  ].join("\n");
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: "vicino:zod-without-json-schema",
    apply: "build",
    enforce: "pre",
    load(id) {
      const file = id.split("?")[0] ?? id;
      if (!JSON_SCHEMA_MODULES.test(file.replaceAll("\\", "/"))) return null;
      return standIn(readFileSync(file, "utf8"));
    },
  };
}
