import type { AppEnv } from "./env-schema";

/** The environment a production build was made with, validated by vite.config.ts at build time. */
declare const __VICINO_ENV__: AppEnv;

/**
 * `@/config/env` in a production build (vite.config.ts aliases it here): the environment the build
 * carries already parsed, without the schema and zod that ./env.ts parses with in development and tests,
 * so that nothing on the session's first chunk pulls them in (docs/lighthouse.md at 1a8da11, sixth pass).
 */
export const env: AppEnv = __VICINO_ENV__;
