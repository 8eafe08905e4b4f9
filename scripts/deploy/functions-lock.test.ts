import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkFunctionsLock } from "./check";
import { expectedFunctionsLock, functionsLockfile, type Lockfile } from "./functions-lock";

const root: Lockfile = {
  lockfileVersion: 3,
  packages: {
    "": { name: "app" },
    "node_modules/admin": { version: "1.2.3", integrity: "sha512-a", dependencies: { util: "^2.0.0" } },
    "node_modules/util": { version: "1.0.0", dev: true },
    "node_modules/admin/node_modules/util": { version: "2.0.1", integrity: "sha512-u" },
    "functions/node_modules/mailer": { version: "7.0.0", optionalDependencies: { native: "^1" } },
    "node_modules/mailer": { version: "6.0.0" },
    "node_modules/bundler": { version: "0.28.0", dev: true },
    "node_modules/unrelated": { version: "9.9.9" },
  },
};

describe("functions/package-lock.json", () => {
  it("takes what the functions reach, at the root lock's versions, functions' own copies moved up", () => {
    const lock = functionsLockfile(root, {
      name: "fn",
      version: "0.1.0",
      dependencies: { admin: "^1.2.0", mailer: "^7.0.0" },
      devDependencies: { bundler: "^0.28.0" },
    });
    expect(Object.keys(lock.packages)).toEqual([
      "",
      "node_modules/admin",
      "node_modules/admin/node_modules/util",
      "node_modules/bundler",
      "node_modules/mailer",
    ]);
    expect(lock.packages["node_modules/mailer"]?.version).toBe("7.0.0");
    expect(lock.packages["node_modules/admin"]).toEqual(root.packages["node_modules/admin"]);
    expect(lock.packages["node_modules/bundler"]?.dev).toBe(true);
    expect(lock.packages["node_modules/admin/node_modules/util"]?.dev).toBeUndefined();
  });

  it("refuses a dependency the root lock does not hold", () => {
    expect(() =>
      functionsLockfile(root, { name: "fn", version: "0", dependencies: { missing: "1" } }),
    ).toThrow(/missing \(needed by functions\) is not in the root lock/);
  });

  it("is committed exactly as the root lock gives it; deploy:check fails on a drifted copy", () => {
    const file = fileURLToPath(new URL("../../functions/package-lock.json", import.meta.url));
    const expected = expectedFunctionsLock();
    expect(readFileSync(file, "utf8")).toBe(expected);
    expect(checkFunctionsLock({ committed: expected, expected })).toEqual([]);
    const drifted = expected.replace(/"version": "14\.5\.1"/, '"version": "14.6.0"');
    expect(checkFunctionsLock({ committed: drifted, expected }).map((finding) => finding.rule)).toEqual([
      "functions-lock",
    ]);
    expect(checkFunctionsLock({ committed: undefined, expected })[0]?.message).toMatch(/is missing/);
  });
});
