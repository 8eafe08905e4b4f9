// The budget check of `npm run size`, apart from the build so a test can hand it a manifest: which
// chunks each route loads first, their gzip size against the route's budget (and the room to keep under
// it), and Firestore on the marketing pages.

export const KB = 1000;
export const MARKETING_BUDGET = 120 * KB;
export const ROUTE_BUDGET = 300 * KB;
/**
 * Room to grow (architecture §8): every route at least this share under its budget, so that the next
 * feature fits without raising one. A route inside its budget but not this far under fails too.
 */
export const ROOM = 0.1;

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
 * budget and the room to keep under it. `chunkInfo(key)` gives a chunk's `{ gzip, firestore }`.
 * `roomExceptions` maps a route still short of its room to the most it may weigh: it may only shrink,
 * and the check fails once it has its room (so the exception goes). Returns the rows to print and the
 * problems, any of which fails the check.
 */
export function checkBudgets({ manifest, routes, onDemand, chunkInfo, budgets = {}, roomExceptions = {} }) {
  const marketingBudget = budgets.marketing ?? MARKETING_BUDGET;
  const routeBudget = budgets.route ?? ROUTE_BUDGET;
  const room = budgets.room ?? ROOM;
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
    const ceiling = budget * (1 - room);
    const excepted = roomExceptions[route.path];
    if (gzip > budget) failures.push(`over budget by ${kb(gzip - budget)}`);
    else if (excepted !== undefined && gzip <= ceiling) {
      failures.push(`has its ${room * 100} % room now: remove its exception (scripts/size.mjs)`);
    } else if (excepted !== undefined && gzip > excepted) {
      failures.push(`grew past the ${kb(excepted)} its room exception allows (scripts/size.mjs)`);
    } else if (excepted === undefined && gzip > ceiling) {
      failures.push(
        `${kb(budget - gzip)} under its ${kb(budget)} budget, less than the ${room * 100} % room to keep (at most ${kb(ceiling)})`,
      );
    }
    if (route.marketing && firestore) failures.push("contains Firestore");
    for (const failure of failures) problems.push(`${route.path}: ${failure}`);
    return { route: route.path, chunks: keys.size, gzip, budget, firestore, ok: failures.length === 0 };
  });
  return { rows, problems };
}
