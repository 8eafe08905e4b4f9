import { type AppEnv, parseEnv } from "./env-schema";

/** The environment of this build, read from `import.meta.env` exactly once. */
export const env: AppEnv = parseEnv(import.meta.env);
