/** A Markdown table padded the way the repo's formatter (Biome) writes one, so `npm run lint` accepts it. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  right: ReadonlySet<number>,
): string {
  const widths = header.map((cell, i) => Math.max(3, cell.length, ...rows.map((r) => (r[i] ?? "").length)));
  const pad = (cell: string, i: number) =>
    right.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!);
  const line = (cells: readonly string[]) => `| ${cells.map(pad).join(" | ")} |`;
  const rule = widths.map((w, i) => (right.has(i) ? `${"-".repeat(w - 1)}:` : "-".repeat(w)));
  return [line(header), `| ${rule.join(" | ")} |`, ...rows.map(line)].join("\n");
}
