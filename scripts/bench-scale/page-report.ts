import type { PageRow } from "./page-loads";

// The page loads' table, as printed by `npm run bench:scale` and copied into docs/scale.md.

/** How many reads of a load were of a document it had already read. */
export function repeatedReads(row: PageRow): number {
  return row.duplicates.reduce((sum, { times }) => sum + times - 1, 0);
}

/** `customer (42 reads, 4 listeners, 20 repeated)`: a page over budget, for the `scale:` line. */
export function overBudgetNote(row: PageRow): string {
  return `${row.id} (${row.reads} reads, ${row.listeners} listeners, ${repeatedReads(row)} repeated)`;
}

export function pageTable(rows: readonly PageRow[]): string[] {
  const lines = [
    "| page | reads | by listeners | listeners | repeated reads | within budget |",
    "| ---- | ----: | -----------: | --------: | -------------: | ------------- |",
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.id} (${row.path}) | ${row.reads} | ${row.listenerReads} | ${row.listeners} | ${repeatedReads(row)} | ${row.misses.length === 0 ? "yes" : "**no**"} |`,
    );
  }
  return lines;
}

/** What each page read and listened to (printed under the table, to see why a page costs what it does). */
export function pageDetails(rows: readonly PageRow[]): string[] {
  return rows.flatMap((row) => [
    `${row.id}: ${Object.entries(row.byCollection)
      .map(([collection, reads]) => `${collection} ${reads}`)
      .join(", ")}; listeners: ${row.listenerLabels.join("; ") || "none"}` +
      (row.removedListeners > 0 ? ` (${row.removedListeners} removed within the load)` : ""),
    ...row.misses.map((miss) => `  over budget: ${miss}`),
  ]);
}
