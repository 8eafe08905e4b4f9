import { type AppEnv, parseEnv } from "./env-schema";

/** The environment a production build was made with, validated by vite.config.ts at build time. */
declare const __VICINO_ENV__: AppEnv;

/**
 * The environment of this build, read from `import.meta.env` exactly once. A production build carries it
 * already parsed (and reads it from ./env-built.ts, which vite.config.ts puts in this module's place) (vite.config.ts runs the same parseEnv when it builds, and fails the build on a bad
 * .env), so the browser does not build the schema on every page load; development and tests parse here.
 */
export const env: AppEnv = import.meta.env.PROD ? __VICINO_ENV__ : parseEnv(import.meta.env);
