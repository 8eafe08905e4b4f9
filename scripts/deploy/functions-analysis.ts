import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import type { BuildOptions } from "esbuild";
import {
  buildFunctions,
  type Endpoint,
  exportedModules,
  importClosure,
  importResolver,
  loadEndpoints,
  sourceModules,
} from "./functions-bundle";
import { type Finding, KNOWN_SECRETS } from "./rules";
import { analyzeModules, secretsNeeded } from "./secret-readers";

export interface FunctionsAnalysis {
  /** Each exported function's `__endpoint`. */
  endpoints: Record<string, Endpoint>;
  /** Function → secret its code reads → a module that reads it (relative to `displayRoot`). */
  needed: Record<string, Map<string, string>>;
  /** Exports the analysis could not follow. */
  findings: Finding[];
}

/**
 * Builds the functions with `buildOptions` (into a throw-away folder), loads the bundle, and works out
 * which secrets each exported function's code reads: the modules reading each secret
 * (secret-readers.ts), and for each function the import graph of the module that defines it (esbuild's
 * metafile). Paths in messages are relative to displayRoot.
 */
export async function analyzeFunctions(
  buildOptions: BuildOptions,
  displayRoot: string,
): Promise<FunctionsAnalysis> {
  const built = await buildFunctions(buildOptions);
  try {
    const endpoints = await loadEndpoints(built.bundleFile);
    const entryPoints = [buildOptions.entryPoints ?? []].flat();
    const entry = typeof entryPoints[0] === "string" ? entryPoints[0] : undefined;
    if (!entry || entryPoints.length !== 1)
      throw new Error("deploy:check expects one entry point (src/index.ts)");
    const entryFile = resolve(built.workingDir, entry);
    const { modules, unfollowed } = exportedModules(entryFile);
    const shown = (path: string) => relative(displayRoot, path);
    const sources = sourceModules(built).map((path) => ({ path, text: readFileSync(path, "utf8") }));
    const analysed = analyzeModules(sources, KNOWN_SECRETS);
    const resolveImport = importResolver(built);
    const findings: Finding[] = unfollowed.map((statement) => ({
      rule: "functions-entry",
      subject: shown(entryFile),
      message: `"${statement}" is not an \`export { name } from "./module"\`: the checker cannot tell which code that function runs.`,
      fix: "define each function in a module of its own and re-export it by name from the entry.",
    }));
    const needed: FunctionsAnalysis["needed"] = {};
    for (const name of Object.keys(endpoints)) {
      const module = modules[name];
      if (!module) {
        findings.push({
          rule: "functions-entry",
          subject: name,
          message: `the entry (${shown(entryFile)}) does not re-export it by name from a module.`,
          fix: `add \`export { ${name} } from "./<module>"\` to the entry.`,
        });
        continue;
      }
      const secrets = secretsNeeded(module, importClosure(built, module), analysed, resolveImport);
      needed[name] = new Map([...secrets].map(([secret, reader]) => [secret, shown(reader)]));
    }
    return { endpoints, needed, findings };
  } finally {
    built.dispose();
  }
}
