import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("npm start's loaders (scripts/tsx-loaders.mjs)", () => {
  it("load the seed's writer, which runs the functions' CommonJS code and its @/domain imports", () => {
    const script =
      "const m = await import('./scripts/seed/admin-writer.ts'); console.log(Object.keys(m).length > 0);";
    const out = execFileSync(
      process.execPath,
      ["--import", "./scripts/tsx-loaders.mjs", "--input-type=module", "-e", script],
      { cwd: root, encoding: "utf8", timeout: 60_000 },
    );
    expect(out.trim()).toBe("true");
  }, 90_000);
});
