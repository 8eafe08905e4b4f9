// The budget check of `npm run size`, apart from the build so a test can hand it a manifest: which
// chunks each route loads first, their gzip size against the route's budget, and Firestore on the
// marketing pages.

export const KB = 1000;
export const MARKETING_BUDGET = 120 * KB;
export const ROUTE_BUDGET = 300 * KB;

export const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

/** Chunk keys reachable from `key` through static imports, `key` included. */
export function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Manifest has no chunk "${key}"`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * Every route's initial JS (the entry, the route's lazy modules and their static imports) against its
 * budget. `chunkInfo(key)` gives a chunk's `{ gzip, firestore }`. Returns the rows to print and the
 * problems, any of which fails the check.
 */
export function checkBudgets({ manifest, routes, onDemand, chunkInfo, budgets = {} }) {
  const marketingBudget = budgets.marketing ?? MARKETING_BUDGET;
  const routeBudget = budgets.route ?? ROUTE_BUDGET;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("Manifest has no entry chunk");

  const problems = [];
  const known = new Set([...routes.flatMap((route) => route.lazy), ...onDemand]);
  for (const lazyKey of known) {
    if (!manifest[lazyKey]) {
      problems.push(`scripts/size.mjs names "${lazyKey}", which the build does not contain: update it`);
    }
  }
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isDynamicEntry && !known.has(key)) {
      problems.push(`lazy module "${key}" is loaded by no route in src/app/routes.tsx nor in ON_DEMAND`);
    }
  }
  if (problems.length > 0) return { rows: [], problems };

  const rows = routes.map((route) => {
    const keys = staticClosure(manifest, entryKey);
    for (const lazyKey of route.lazy) staticClosure(manifest, lazyKey, keys);
    const infos = [...keys].map((key) => chunkInfo(key));
    const gzip = infos.reduce((sum, info) => sum + info.gzip, 0);
    const firestore = infos.some((info) => info.firestore);
    const budget = route.marketing ? marketingBudget : routeBudget;
    const failures = [];
    if (gzip > budget) failures.push(`over budget by ${kb(gzip - budget)}`);
    if (route.marketing && firestore) failures.push("contains Firestore");
    for (const failure of failures) problems.push(`${route.path}: ${failure}`);
    return { route: route.path, chunks: keys.size, gzip, budget, firestore, ok: failures.length === 0 };
  });
  return { rows, problems };
}
