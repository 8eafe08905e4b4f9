import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * functions/package-lock.json: what Cloud Build installs for the functions, exactly as the tests ran.
 * `firebase deploy` uploads functions/ alone and Cloud Build runs `npm ci` there; with npm workspaces the
 * only lockfile is the root's, so without this file a deploy would resolve `^` ranges afresh. It is
 * cut out of the root lockfile: every package the functions' dependencies (and devDependencies, which
 * `npm ci` also checks) reach by Node's lookup, each at the version and integrity the root lock pins,
 * moved from functions/node_modules up to node_modules. `npm run functions:lock` writes it;
 * `npm run deploy:check` (rule `functions-lock`) fails when it differs from what the root lock gives.
 */

type Entry = Record<string, unknown> & {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  link?: boolean;
};
export interface Lockfile {
  name?: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, Entry>;
}
export interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  engines?: Record<string, string>;
}

/** Where Node finds `dependency` from the package installed at `from` (`node_modules/a`, `functions`). */
function lookup(packages: Lockfile["packages"], from: string, dependency: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${dependency}` : `node_modules/${dependency}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const up = base.lastIndexOf("/node_modules/");
    base = up >= 0 ? base.slice(0, up) : "";
  }
}

/** Every lock path reachable from `start`'s dependencies. */
function closure(packages: Lockfile["packages"], start: string, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue: Array<[string, string, boolean]> = roots.map((name) => [start, name, false]);
  while (queue.length > 0) {
    const [from, name, optional] = queue.shift()!;
    const path = lookup(packages, from, name);
    if (!path) {
      if (optional) continue;
      throw new Error(
        `functions lockfile: ${name} (needed by ${from || "the functions"}) is not in the root lock`,
      );
    }
    if (seen.has(path)) continue;
    seen.add(path);
    const entry = packages[path]!;
    for (const dependency of Object.keys(entry.dependencies ?? {})) queue.push([path, dependency, false]);
    for (const dependency of Object.keys(entry.optionalDependencies ?? {}))
      queue.push([path, dependency, true]);
    for (const dependency of Object.keys(entry.peerDependencies ?? {}))
      queue.push([path, dependency, entry.peerDependenciesMeta?.[dependency]?.optional === true]);
  }
  return seen;
}

/** The functions' own lockfile, cut out of the root one. */
export function functionsLockfile(root: Lockfile, functions: PackageJson, workspace = "functions"): Lockfile {
  const { packages } = root;
  const production = closure(packages, workspace, Object.keys(functions.dependencies ?? {}));
  const all = closure(packages, workspace, [
    ...Object.keys(functions.dependencies ?? {}),
    ...Object.keys(functions.devDependencies ?? {}),
  ]);
  const moved: Lockfile["packages"] = {};
  const from: Record<string, string> = {};
  for (const path of [...all].sort()) {
    const target = path.startsWith(`${workspace}/`) ? path.slice(workspace.length + 1) : path;
    if (from[target] && from[target] !== path)
      throw new Error(`functions lockfile: ${from[target]} and ${path} would both be ${target}`);
    from[target] = path;
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = packages[path]!;
    moved[target] = production.has(path) ? entry : { ...entry, dev: true };
  }
  const sorted = Object.fromEntries(
    Object.keys(moved)
      .sort()
      .map((path) => [path, moved[path]!]),
  );
  return {
    name: functions.name,
    version: functions.version,
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": {
        name: functions.name,
        version: functions.version,
        ...(functions.dependencies ? { dependencies: functions.dependencies } : {}),
        ...(functions.devDependencies ? { devDependencies: functions.devDependencies } : {}),
        ...(functions.engines ? { engines: functions.engines } : {}),
      },
      ...sorted,
    },
  };
}

export const lockText = (lock: Lockfile) => `${JSON.stringify(lock, null, 2)}\n`;

const rootDir = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(rootDir, file), "utf8")) as T;

/** The lockfile the repository's root lock gives, as text. */
export function expectedFunctionsLock(): string {
  return lockText(functionsLockfile(readJson("package-lock.json"), readJson("functions/package.json")));
}

export const FUNCTIONS_LOCK_FILE = "functions/package-lock.json";

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(join(rootDir, FUNCTIONS_LOCK_FILE), expectedFunctionsLock());
  console.log(`${FUNCTIONS_LOCK_FILE} written from package-lock.json`);
}
