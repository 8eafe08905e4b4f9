import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type BuildOptions, build, type Metafile } from "esbuild";
import ts from "typescript";

const run = promisify(execFile);
const DUMP = fileURLToPath(new URL("./endpoints-dump.mjs", import.meta.url));

/** What firebase-functions puts on each exported function (`__endpoint`), as JSON (see endpoints-dump.mjs). */
export interface Endpoint {
  platform?: string;
  region?: string[];
  /** null: left to the platform's default (firebase-functions' ResetValue); `{ param }`: a param. */
  timeoutSeconds?: number | null | { param: string };
  availableMemoryMb?: number | null | { param: string };
  maxInstances?: number | null | { param: string };
  minInstances?: number | null | { param: string };
  concurrency?: number | null | { param: string };
  secretEnvironmentVariables?: { key: string }[];
  httpsTrigger?: object;
  callableTrigger?: object;
  scheduleTrigger?: object;
  eventTrigger?: object;
  taskQueueTrigger?: object;
  blockingTrigger?: object;
}

export interface BuiltFunctions {
  /** The CommonJS bundle, in a folder of its own (never the shared functions/lib). */
  bundleFile: string;
  /** esbuild's import graph of every source module in the bundle. */
  metafile: Metafile;
  /** The folder paths in the metafile are relative to (esbuild's absWorkingDir). */
  workingDir: string;
  /** Removes the bundle's folder. */
  dispose: () => void;
}

/**
 * Bundles the functions with their own build options (functions/build.mjs `functionsBuildOptions`) into
 * a throw-away folder under `<workingDir>/node_modules/.cache`, where Node resolves the external
 * packages (firebase-functions, firebase-admin, ...) exactly as it does from functions/lib.
 */
export async function buildFunctions(options: BuildOptions): Promise<BuiltFunctions> {
  const workingDir = options.absWorkingDir ?? process.cwd();
  const cache = join(workingDir, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, "vicino-deploy-check-"));
  const bundleFile = join(outDir, "index.js");
  const { outfile: _shared, ...rest } = options;
  const result = await build({ ...rest, outfile: bundleFile, metafile: true, logLevel: "error" });
  return {
    bundleFile,
    metafile: result.metafile,
    workingDir,
    dispose: () => rmSync(outDir, { recursive: true, force: true }),
  };
}

/**
 * Loads the bundle in a child Node process (as the Functions runtime would: its module-level code and
 * firebase-functions' global options stay out of this process) and returns each export's `__endpoint`.
 */
export async function loadEndpoints(bundleFile: string): Promise<Record<string, Endpoint>> {
  const { stdout } = await run(process.execPath, [DUMP, bundleFile], {
    cwd: dirname(bundleFile),
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, GCLOUD_PROJECT: "demo-deploy-check", METADATA_SERVER_DETECTION: "none" },
  });
  return JSON.parse(stdout) as Record<string, Endpoint>;
}

/**
 * Which module each exported function comes from, read from the entry's `export { a, b as c } from
 * "./module"` statements: `{ c: "<abs>/module.ts" }`. Anything the entry defines or re-exports in
 * another form is listed in `unfollowed` (the secret check cannot see its imports).
 */
export function exportedModules(entryFile: string): {
  modules: Record<string, string>;
  unfollowed: string[];
} {
  const source = ts.createSourceFile(entryFile, readFileSync(entryFile, "utf8"), ts.ScriptTarget.Latest);
  const modules: Record<string, string> = {};
  const unfollowed: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const specifier = statement.moduleSpecifier;
      const clause = statement.exportClause;
      if (!specifier || !ts.isStringLiteral(specifier) || !clause || !ts.isNamedExports(clause)) {
        unfollowed.push(statement.getText(source));
        continue;
      }
      const file = resolveTs(dirname(entryFile), specifier.text);
      for (const element of clause.elements) {
        if (!element.isTypeOnly) modules[element.name.text] = file;
      }
    } else if (
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      unfollowed.push(statement.getText(source).split("\n")[0] ?? "");
    }
  }
  return { modules, unfollowed };
}

function resolveTs(fromDir: string, specifier: string): string {
  const base = resolve(fromDir, specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next form
    }
  }
  return `${base}.ts`;
}

/**
 * Every source module a module imports, directly or not, itself included (absolute paths), from
 * esbuild's metafile: what that module's functions run when they run.
 */
export function importClosure(
  built: Pick<BuiltFunctions, "metafile" | "workingDir">,
  file: string,
): Set<string> {
  const key = (path: string) => relative(built.workingDir, path).split("\\").join("/");
  const abs = (path: string) => (isAbsolute(path) ? path : resolve(built.workingDir, path));
  const seen = new Set<string>();
  const visit = (input: string) => {
    if (seen.has(input)) return;
    const node = built.metafile.inputs[input];
    if (!node) return;
    seen.add(input);
    for (const imported of node.imports) if (!imported.external) visit(imported.path);
  };
  visit(key(file));
  return new Set([...seen].map(abs));
}

/** `(module, "./config")` → the path esbuild resolved that import of that module to (absolute). */
export function importResolver(
  built: Pick<BuiltFunctions, "metafile" | "workingDir">,
): (module: string, specifier: string) => string | undefined {
  return (module, specifier) => {
    const node = built.metafile.inputs[relative(built.workingDir, module).split("\\").join("/")];
    const hit = node?.imports.find((entry) => entry.original === specifier && !entry.external);
    return hit ? resolve(built.workingDir, hit.path) : undefined;
  };
}

/** The source modules of the bundle (absolute paths of the files esbuild read, packages left out). */
export function sourceModules(built: Pick<BuiltFunctions, "metafile" | "workingDir">): string[] {
  return Object.keys(built.metafile.inputs)
    .filter((path) => !path.includes("node_modules/") && /\.(ts|tsx|js|mjs|cjs)$/.test(path))
    .map((path) => resolve(built.workingDir, path));
}
