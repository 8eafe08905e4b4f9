import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Page } from "playwright-core";
import { parseEnv } from "../../src/config/env-schema";

/**
 * Puts the app's own Firebase module (src/data/firebase.ts, with src/config/env.ts) and the
 * browser SDK into a page, as `window.vicinoTest`, so a test can act as a signed-in user
 * through the real browser SDK against the stack's emulators (WebChannel + REST to our
 * Firestore, the Auth emulator). The page keeps its origin (the app's), so CORS is exercised
 * as for the app itself.
 */

const entry = fileURLToPath(new URL("./browser/firebase-entry.ts", import.meta.url));
const bundles = new Map<string, Promise<string>>();

function bundle(viteEnv: Record<string, string>): Promise<string> {
  const key = JSON.stringify(viteEnv);
  let pending = bundles.get(key);
  if (!pending) {
    pending = build({
      entryPoints: [entry],
      bundle: true,
      platform: "browser",
      format: "iife",
      target: "es2022",
      write: false,
      logLevel: "silent",
      tsconfig: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)),
      // What Vite would inline for import.meta.env in a production build for this stack.
      define: {
        "import.meta.env": JSON.stringify({
          ...viteEnv,
          DEV: false,
          PROD: true,
          MODE: "production",
          BASE_URL: "/",
        }),
        "process.env.NODE_ENV": '"production"',
        // A production build carries its environment parsed (vite.config.ts, src/config/env.ts).
        __VICINO_ENV__: JSON.stringify(parseEnv({ ...viteEnv, DEV: false })),
      },
    }).then((result) => {
      const file = result.outputFiles[0];
      if (!file) throw new Error("esbuild non ha prodotto il bundle di test");
      return file.text;
    });
    bundles.set(key, pending);
  }
  return pending;
}

/** Installs `window.vicinoTest` in the page (once per page). */
export async function installFirebase(page: Page, viteEnv: Record<string, string>): Promise<void> {
  const installed = await page.evaluate(() => "vicinoTest" in window);
  if (installed) return;
  await page.addScriptTag({ content: await bundle(viteEnv) });
  await page.waitForFunction(() => "vicinoTest" in window);
}
