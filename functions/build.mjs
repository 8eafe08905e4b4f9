// Bundles the Cloud Functions into lib/index.js. `firebase deploy` uploads only this folder,
// so everything imported from ../src/domain (and zod with it) is bundled in; the packages
// this workspace declares as runtime dependencies stay external and are installed by Firebase.
//
//   node build.mjs           build once
//   node build.mjs --watch   rebuild on change (npm start; the Functions emulator reloads lib/)
//
// `functionsBuildOptions` is what `npm run deploy:check` (scripts/deploy/) builds with, into a folder of
// its own: importing this file builds nothing.
import { mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, context } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);
const watch = process.argv.includes("--watch");

/** @type {import("esbuild").BuildOptions} */
export const functionsBuildOptions = {
  absWorkingDir: here,
  entryPoints: ["src/index.ts"],
  outfile: "lib/index.js",
  bundle: true,
  platform: "node",
  target: "node22",
  format: "cjs",
  sourcemap: "linked",
  tsconfig: "tsconfig.json",
  external,
  logLevel: "warning",
};

const options = functionsBuildOptions;
const kB = (bytes) => `${Math.round(bytes / 1024)} kB`;

const runAsScript =
  process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);

if (runAsScript && watch) {
  let begin = Date.now();
  const ctx = await context({
    ...options,
    plugins: [
      {
        name: "report",
        setup(builder) {
          builder.onStart(() => {
            begin = Date.now();
          });
          builder.onEnd((result) => {
            if (result.errors.length === 0)
              console.log(`functions: lib/index.js aggiornato (${Date.now() - begin} ms)`);
          });
        },
      },
    ],
  });
  await ctx.watch();
  const stop = () => ctx.dispose().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} else if (runAsScript) {
  const begin = Date.now();
  try {
    const result = await build({ ...options, write: false });
    // Only changed files are replaced, each atomically: a Functions emulator watching this folder
    // (npm start, or a test stack running alongside) then neither reloads for nothing nor reads
    // a half-written bundle.
    let changed = 0;
    for (const file of result.outputFiles) {
      let current;
      try {
        current = readFileSync(file.path);
      } catch {
        current = undefined;
      }
      if (current?.equals(file.contents)) continue;
      mkdirSync(dirname(file.path), { recursive: true });
      const temporary = `${file.path}.${process.pid}.tmp`;
      writeFileSync(temporary, file.contents);
      renameSync(temporary, file.path);
      changed += 1;
    }
    const js = result.outputFiles.find((file) => file.path.endsWith(".js"));
    const state = changed > 0 ? "pronto" : "invariato";
    console.log(
      `functions: lib/index.js ${state} (${kB(js?.contents.length ?? 0)}, ${Date.now() - begin} ms)`,
    );
  } catch {
    // esbuild has already printed the errors.
    process.exitCode = 1;
  }
}
