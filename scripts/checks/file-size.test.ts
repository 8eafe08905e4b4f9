import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Small rooms: no source file outside tests and generated data holds more than 300 lines, so each file
 * does one thing a newcomer can read in one sitting. Split by what the parts do when one grows.
 */
const MAX_LINES = 300;
const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const EXEMPT = [/\.test\.tsx?$/, /^tests\//, /^src\/testing\//, /(^|\/)generated\//, /\.d\.ts$/];

function trackedSources(): string[] {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return files
    .split("\n")
    .filter((file) => SOURCE.test(file) && !EXEMPT.some((pattern) => pattern.test(file)));
}

describe("file size", () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const tooLong = trackedSources()
      .map((file) => ({ file, lines: readFileSync(resolve(root, file), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });

  it("sees the repository's sources", () => {
    expect(trackedSources()).toContain("src/domain/marketplace/state-machine.ts");
  });
});
