import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(resolve(root, file), "utf8");

/** The npm commands .ci/run runs, in order (its lines that start with `npm `, options dropped). */
function ciCommands(script: string): string[] {
  return script
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("npm "))
    .map((line) => line.replace(/\s+--\S+/g, ""));
}

/** The commands the README's CI sentence lists, in order. */
function readmeCommands(readme: string): string[] {
  const start = readme.indexOf("CI (`.ci/run`)");
  if (start < 0) throw new Error("README.md has no sentence starting 'CI (`.ci/run`)'");
  const sentence = readme.slice(start, readme.indexOf("\n\n", start));
  return [...sentence.matchAll(/`(npm [^`]+)`/g)].map((match) => match[1] ?? "");
}

describe(".ci/run", () => {
  it("runs exactly the commands the README says, in the README's order", () => {
    const commands = ciCommands(read(".ci/run"));
    expect(commands).toContain("npm test");
    expect(commands).toEqual(readmeCommands(read("README.md")));
  });
});
