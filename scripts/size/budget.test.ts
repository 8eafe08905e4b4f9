import { describe, expect, it } from "vitest";
import { checkBudgets, KB, type ManifestChunk } from "./budget.mjs";

// A made-up build: the entry, one lazy page with a shared chunk, Firestore in its own chunk.
const manifest: Record<string, ManifestChunk> = {
  "index.html": { file: "entry.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "react.js" },
  "src/features/browse/browse-page.tsx": {
    file: "browse.js",
    isDynamicEntry: true,
    imports: ["_firestore.js"],
  },
  "_firestore.js": { file: "firestore.js" },
};
const sizes: Record<string, number> = {
  "index.html": 60 * KB,
  "_react.js": 50 * KB,
  "src/features/browse/browse-page.tsx": 40 * KB,
  "_firestore.js": 100 * KB,
};
const chunkInfo = (key: string) => ({ gzip: sizes[key] ?? 0, firestore: key === "_firestore.js" });
const landing = { path: "/", lazy: [], marketing: true };
const browse = { path: "/browse", lazy: ["src/features/browse/browse-page.tsx"], marketing: false };

describe("npm run size's budget check", () => {
  it("passes routes within their budgets", () => {
    const { rows, problems } = checkBudgets({ manifest, routes: [landing, browse], onDemand: [], chunkInfo });
    expect(problems).toEqual([]);
    expect(rows.map(({ route, gzip, ok }) => [route, gzip, ok])).toEqual([
      ["/", 110 * KB, true],
      ["/browse", 250 * KB, true],
    ]);
  });

  it("fails a route over its budget, and a marketing page over 120 kB or with Firestore", () => {
    const over = checkBudgets({
      manifest,
      routes: [landing, browse],
      onDemand: [],
      chunkInfo,
      budgets: { marketing: 100 * KB, route: 200 * KB },
    });
    expect(over.problems).toEqual(["/: over budget by 10.0 kB", "/browse: over budget by 50.0 kB"]);

    const marketingBrowse = { ...browse, marketing: true };
    const { problems } = checkBudgets({ manifest, routes: [marketingBrowse], onDemand: [], chunkInfo });
    expect(problems).toEqual(["/browse: over budget by 130.0 kB", "/browse: contains Firestore"]);
  });

  it("fails when a lazy module belongs to no route, or a named one is not in the build", () => {
    expect(checkBudgets({ manifest, routes: [landing], onDemand: [], chunkInfo }).problems).toEqual([
      'lazy module "src/features/browse/browse-page.tsx" is loaded by no route in src/app/routes.tsx nor in ON_DEMAND',
    ]);
    const gone = { ...browse, lazy: ["src/features/gone/gone-page.tsx"] };
    expect(
      checkBudgets({ manifest, routes: [gone], onDemand: [browse.lazy[0] ?? ""], chunkInfo }).problems,
    ).toEqual([
      'scripts/size.mjs names "src/features/gone/gone-page.tsx", which the build does not contain: update it',
    ]);
  });
});
