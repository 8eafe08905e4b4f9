// `npm run bench:scale`: Vicino's server work at national size, in Google's Firestore emulator.
//
// First the fan-out (fanout.ts): the functions' own fan-out at the sparse local market beside 1,000 and
// 20,000 far shops, and at central Milan's real density; reads and writes per published request, per
// cell task and per digest, each within its budget. Then the national evening peak (national-peak.ts):
// an hour of events at national numbers through the functions' own staging and inbox addresses, the
// most-written documents per second, failing above 1. Its last line starts with `scale:`.
//
// Then each signed-in page's Firestore reads and listeners on a load of the production build
// (page-loads.ts): at most 25 reads and 3 listeners, no document read twice, the shop feed at most 40
// reads.
//
// Then the scheduled jobs (sweeps.ts): the same 50 due items of each beside 1,000 and 20,000 documents
// not due in its collections (BENCH_SCALE_SWEEP_SIZES); reads per due item at the largest size within
// 10 % of the smallest, and a rerun at once reads at most 2 a query.
//
// BENCH_SCALE_PARTS=fanout, =peak, =pages or =sweeps (or a list) runs those parts (default all four);
// BENCH_SCALE_CAPTURE=FILE keeps every Firestore payload the pages exchanged, BENCH_SCALE_QUIET_MS how
// long a load must be quiet to be done (default 2500), BENCH_SCALE_VERBOSE=1 prints the stack's output.

import { fanOutPart } from "./fanout";
import { peakPart } from "./national-peak";
import { measurePageLoads, type PageRow } from "./page-loads";
import { overBudgetNote, pageDetails, pageTable } from "./page-report";
import { sweepsPart } from "./sweeps";

const PARTS = (process.env.BENCH_SCALE_PARTS ?? "fanout,peak,pages,sweeps").split(",");

/** The page loads' table and verdict. */
async function pagesPart(): Promise<{ ok: boolean; summary: string }> {
  console.log("Signed-in page loads of the production build (reads and listeners per load):");
  const rows: PageRow[] = await measurePageLoads();
  for (const line of [...pageTable(rows), "", ...pageDetails(rows)]) console.log(line);
  const over = rows.filter((row) => row.misses.length > 0);
  const most = rows.reduce((top, row) => (row.reads > top.reads ? row : top), rows[0] as PageRow);
  return {
    ok: over.length === 0,
    summary:
      over.length === 0
        ? `${rows.length} page loads within budget (most: ${most.id}, ${most.reads} reads)`
        : `page loads over budget: ${over.map(overBudgetNote).join(", ")} (details above)`,
  };
}

async function main() {
  const parts: Array<{ ok: boolean; summary: string }> = [];
  if (PARTS.includes("fanout")) parts.push(await fanOutPart());
  if (PARTS.includes("peak")) parts.push(await peakPart());
  if (PARTS.includes("pages")) parts.push(await pagesPart());
  if (PARTS.includes("sweeps")) parts.push(await sweepsPart());
  if (parts.length === 0) throw new Error(`BENCH_SCALE_PARTS names no part: ${PARTS.join(",")}`);
  const ok = parts.every((part) => part.ok);
  console.log(`scale: ${ok ? "OK" : "OVER BUDGET"}: ${parts.map((part) => part.summary).join("; ")}`);
  if (!ok) process.exitCode = 1;
}

await main();
