import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { precacheList, SHELL_FILES, serviceWorkerSource } from "./vite-plugin";

const manifest = {
  "index.html": {
    file: "assets/index-abc.js",
    isEntry: true,
    imports: ["_react-def.js"],
    dynamicImports: ["src/features/create/create-page.tsx"],
    css: ["assets/index-123.css"],
  },
  "_react-def.js": { file: "assets/react-def.js" },
  "src/features/create/create-page.tsx": { file: "assets/create-page-xyz.js", isDynamicEntry: true },
};

describe("the service worker's precache list", () => {
  it("is the shell, the entry chunk, its static imports and its CSS, not the lazy routes", () => {
    expect(precacheList(manifest)).toEqual([
      ...SHELL_FILES,
      "/assets/index-123.css",
      "/assets/index-abc.js",
      "/assets/react-def.js",
    ]);
  });

  it("names only files public/ ships besides the build's own", () => {
    for (const file of SHELL_FILES.filter((file) => file !== "/index.html")) {
      expect(() => readFileSync(`public${file}`), file).not.toThrow();
    }
  });

  it("puts the list and a build version above the worker; another build, another version", () => {
    const source = serviceWorkerSource(precacheList(manifest));
    expect(source).toMatch(
      /^const PRECACHE = \["\/index\.html",.*"\/assets\/index-abc\.js".*\];\nconst VERSION = "[0-9a-f]{12}";/,
    );
    expect(source).toContain('self.addEventListener("fetch"');
    const other = serviceWorkerSource(
      precacheList({ ...manifest, "_react-def.js": { file: "assets/react-new.js" } }),
    );
    expect(other.match(/VERSION = "(\w+)"/)?.[1]).not.toBe(source.match(/VERSION = "(\w+)"/)?.[1]);
  });
});
