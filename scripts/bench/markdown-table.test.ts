import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { markdownTable } from "./markdown-table";

const root = resolve(import.meta.dirname, "../..");

/** What the repo's formatter makes of a Markdown text (the lint run in CI fails on any difference). */
function biomeFormat(markdown: string): string {
  return execFileSync(
    process.execPath,
    [resolve(root, "node_modules/@biomejs/biome/bin/biome"), "format", "--stdin-file-path=docs/table.md"],
    { cwd: root, input: markdown, encoding: "utf8" },
  );
}

describe("markdownTable (docs/lighthouse.md)", () => {
  it("writes a table the formatter leaves as it is", () => {
    const table = markdownTable(
      ["Page", "Metric", "Runs (5)", "Median", "Budget", "Result"],
      [
        ["/", "Performance", "98 · 99 · 99", "99", "≥ 95", "PASS"],
        ["/create", "LCP", "4.92 s · 4.83 s · 4.48 s", "4.92 s", "≤ 2.00 s", "FAIL"],
      ],
      new Set([2, 3, 4]),
    );
    const markdown = `# Lighthouse\n\n${table}\n`;
    expect(biomeFormat(markdown)).toBe(markdown);
    expect(table.split("\n")[1]).toMatch(/^\| -+ \| -+ \| -+: \| -+: \| -+: \| -+ \|$/);
  });
});
