/**
 * zod and the schemas every signed-in page shares (the user document's parser and what it is built
 * from: the `session-schemas` chunk, vite.config.ts), asked for before a page's own data modules. The
 * browser evaluates a module graph when its last chunk has arrived, and graphs that complete together
 * in the order they were asked for, each in a task of its own: asked first, zod, then the shared
 * schemas, then each data module are three short tasks instead of one long one after the first paint
 * (Lighthouse's TBT, docs/lighthouse.md). Failures are reported where the code is used, which imports it
 * again.
 */
let asked = false;

export function askSharedSchemasFirst(): void {
  if (asked) return;
  asked = true;
  const retry = () => {
    asked = false;
  };
  void import("./zod-first").catch(retry);
  void import("@/data/user-parsing").catch(retry);
}
