// `npm run bench:geo`: the merchant feed's radius query over 100k requests.
//
// Generates a realistic population (scripts/bench-geo/dataset.ts); for merchants in the centre of
// Milano, 15 km out and 80 km out, at every radius option (and with category/urgency filters), pages
// through the feed with the app's planner and merger over the in-memory mirror of the composite index
// (src/testing/geo-memory-executor.ts: same sub-queries, order, cursors and read counting) and compares
// every page with a brute-force scan of the newest visible requests. Then Google's Firestore emulator (a
// private one, random port) is seeded with a smaller population of the same kind and must answer the
// same pages as the mirror over it, documents and reads included: the mirror's numbers are Firestore's.
// The emulator scans the collection for every query and holds everything on the Java heap, so it gets
// 20,000 requests (at 100,000 its default heap runs out) and, by default, a sample of the scenarios.
// Prints the table and writes docs/geo-bench.md.
//
// Options (environment): BENCH_GEO_COUNT (default 100000), BENCH_GEO_PAGES (default 5),
// BENCH_GEO_FIRESTORE = sample (default: the shop 15 km out, every radius, 2 pages) | all | none,
// BENCH_GEO_FIRESTORE_COUNT (default 20000), BENCH_GEO_NO_DOC=1 to skip writing docs/geo-bench.md.

import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compareFeedKeys } from "../../src/domain/geo/geo-feed";
import { isActiveRequest } from "../../src/domain/marketplace/state-machine";
import { createMemoryFeedExecutor, memoryFeedKey } from "../../src/testing/geo-memory-executor";
import { generateRequests } from "./dataset";
import { checkAgainstFirestore } from "./firestore-check";
import { type Row, runScenario } from "./measure";
import { markdown, table } from "./report";
import {
  COUNT,
  FIRESTORE_COUNT,
  FIRESTORE_MODE,
  firestoreChecks,
  PAGE_SIZE,
  READ_BUDGET,
  scenarios,
} from "./scenarios";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));

async function main() {
  const started = performance.now();
  const now = Date.now();
  const requests = generateRequests(COUNT, 20250101, now);
  const sorted = [...requests].sort((a, b) => compareFeedKeys(memoryFeedKey(a), memoryFeedKey(b)));
  const memory = createMemoryFeedExecutor(requests);
  const active = requests.filter((request) => isActiveRequest(request.status)).length;
  console.log(`${COUNT} requests (${active} active), in the mirror of the composite index\n`);

  const all = scenarios();
  const rows: Row[] = [];
  for (const scenario of all) rows.push(await runScenario(memory, sorted, scenario));
  const lines = table(rows);
  console.log(lines.join("\n"));

  const worst = Math.max(...rows.flatMap((row) => row.readsPerPage));
  const recallOk = rows.every((row) => row.found === row.expected && row.exactOrder);
  const budgetOk = worst <= READ_BUDGET;
  const naiveWorst = Math.max(...rows.map((row) => row.naiveMaxReads));
  console.log(
    `\nReads per page of ${PAGE_SIZE}: max ${worst} (goal ≤ ${READ_BUDGET}) ${budgetOk ? "OK" : "OVER BUDGET"}; ` +
      `recall ${recallOk ? "100% in exact order in every scenario" : "INCOMPLETE"}.`,
  );

  const checks = firestoreChecks(all);
  const firestore = await checkAgainstFirestore(FIRESTORE_COUNT, now, checks.scenarios, checks.pages);
  const check = {
    ...firestore,
    scenarios: checks.scenarios.length,
    mode: FIRESTORE_MODE,
    count: FIRESTORE_COUNT,
  };
  console.log(
    `Google's emulator: ${check.pages} pages of ${check.scenarios} scenarios identical to the mirror ` +
      `(${check.seconds.toFixed(0)} s). Total ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (process.env.BENCH_GEO_NO_DOC !== "1") {
    writeFileSync(
      resolve(root, "docs/geo-bench.md"),
      markdown(table(rows, "doc"), { active, worst, naiveWorst, recallOk }, check),
    );
    console.log("Table written to docs/geo-bench.md");
  }
  if (!recallOk || !budgetOk) process.exitCode = 1;
}

await main();
