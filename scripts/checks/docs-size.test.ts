import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Docs a newcomer reads in an hour: docs/ holds at most 150 KB, no page more than 15 KB (architecture.md,
 * with the data model and the five flows, 25 KB), and the README's docs index names every page. A page
 * says what is true now; a bench's earlier runs are in git (`git log -p -- docs/<page>.md`), not on the page.
 * Every link to a heading (`page.md#anchor`) from the README or a doc must land on one.
 */
const KB = 1000;
const TOTAL_BUDGET = 150 * KB;
const PAGE_BUDGET = 15 * KB;
const PAGE_BUDGETS: Readonly<Record<string, number>> = { "architecture.md": 25 * KB };

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const docsDir = join(root, "docs");

interface DocPage {
  name: string;
  bytes: number;
}

/** What breaks the budget: each page over its own, and the total. */
function budgetProblems(pages: readonly DocPage[]): string[] {
  const problems = pages
    .filter((page) => page.bytes > (PAGE_BUDGETS[page.name] ?? PAGE_BUDGET))
    .map((page) => `docs/${page.name}: ${page.bytes} bytes, over ${PAGE_BUDGETS[page.name] ?? PAGE_BUDGET}`);
  const total = pages.reduce((sum, page) => sum + page.bytes, 0);
  if (total > TOTAL_BUDGET) problems.push(`docs/ in all: ${total} bytes, over ${TOTAL_BUDGET}`);
  return problems;
}

function docPages(): DocPage[] {
  return readdirSync(docsDir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => ({ name, bytes: Buffer.byteLength(readFileSync(join(docsDir, name), "utf8")) }));
}

/** The pages the README's "## Docs" section links to. */
function indexedPages(readme: string): string[] {
  const start = readme.indexOf("\n## Docs\n");
  if (start < 0) throw new Error("README.md has no '## Docs' section");
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/\]\(docs\/([\w-]+\.md)\)/g)].map((match) => match[1] ?? "");
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsIn(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(anchorOf(heading[1] ?? ""));
  }
  return anchors;
}

/** Every `page.md#anchor` (or `#anchor`) link in `file` (repo-relative) whose heading does not exist. */
function brokenAnchors(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const broken: string[] = [];
  for (const match of text.matchAll(/\]\(([\w./-]*\.md)?#([^)\s]+)\)/g)) {
    const target = match[1] ? posix.join(dirname(file), match[1]) : file;
    const anchor = match[2] ?? "";
    if (!anchorsIn(readFileSync(join(root, target), "utf8")).has(anchor)) {
      broken.push(`${file}: ${target}#${anchor}`);
    }
  }
  return broken;
}

describe("docs size", () => {
  it("keeps docs/ within 150 KB and each page within its budget, with no exception", () => {
    expect(budgetProblems(docPages())).toEqual([]);
  });

  it("fails a page over its budget and a total over 150 KB", () => {
    const pages = [
      { name: "architecture.md", bytes: 25_001 },
      { name: "scale.md", bytes: 15_000 },
      { name: "lighthouse.md", bytes: 15_001 },
      ...Array.from({ length: 9 }, (_, i) => ({ name: `page-${i}.md`, bytes: 12_000 })),
    ];
    expect(budgetProblems(pages)).toEqual([
      "docs/architecture.md: 25001 bytes, over 25000",
      "docs/lighthouse.md: 15001 bytes, over 15000",
      "docs/ in all: 163002 bytes, over 150000",
    ]);
    expect(
      budgetProblems(
        pages.filter((page) => page.name !== "lighthouse.md" && page.name !== "architecture.md"),
      ),
    ).toEqual([]);
  });
});

describe("the README's docs index", () => {
  it("links every page of docs/, and only those", () => {
    const indexed = indexedPages(readFileSync(join(root, "README.md"), "utf8"));
    expect([...indexed].sort()).toEqual(
      docPages()
        .map((page) => page.name)
        .sort(),
    );
  });

  it("reads the index from the README's Docs section only", () => {
    const readme =
      "# X\n\n## Docs\n\n- [a.md](docs/a.md): a\n- [b.md](docs/b.md): b\n\n## Later\n\n[c](docs/c.md)\n";
    expect(indexedPages(readme)).toEqual(["a.md", "b.md"]);
  });
});

describe("links to a heading", () => {
  it("land on a heading of the page they name", () => {
    const files = ["README.md", ...docPages().map((page) => `docs/${page.name}`)];
    expect(files.flatMap(brokenAnchors)).toEqual([]);
  });

  it("make anchors as GitHub does", () => {
    expect(anchorOf("7. Where to put a change")).toBe("7-where-to-put-a-change");
    expect(anchorOf("The domain's contexts")).toBe("the-domains-contexts");
    expect(anchorOf("Accept → pickup → verify → rate")).toBe("accept--pickup--verify--rate");
  });
});
