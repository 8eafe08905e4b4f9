import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Code says why, not which ticket asked for it: a comment like "(issue 13)" tells a newcomer nothing
 * once the tracker has moved on. The reason belongs in the comment, the ticket in the commit message.
 */
const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const SOURCE = /\.(ts|tsx|mjs|js|rules)$/;
const REFERENCE = /\b(issue|task|ticket)s?\s*#?\d+|(^|[\s(])#\d{1,4}\b/i;

function sources(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => SOURCE.test(file) && !file.endsWith("issue-references.test.ts"));
}

function issueReferences(text: string): number[] {
  return text.split("\n").flatMap((line, index) => (REFERENCE.test(line) ? [index + 1] : []));
}

describe("issue references", () => {
  it("finds none in the code", () => {
    const found = sources().flatMap((file) =>
      issueReferences(readFileSync(resolve(root, file), "utf8")).map((line) => `${file}:${line}`),
    );
    expect(found).toEqual([]);
  });

  it("recognises the usual forms and leaves colours and counts alone", () => {
    expect(issueReferences("// see issue 13\nconst a = 1;")).toEqual([1]);
    expect(issueReferences("/* (Issue 7: the badge) */")).toEqual([1]);
    expect(issueReferences("// fixes #12")).toEqual([1]);
    expect(issueReferences('const colour = "#0f766e";\nconst issues = 3;\nconst quote = "&#39;";')).toEqual(
      [],
    );
  });
});
