import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadEnv, type ProxyOptions } from "vite";
import { z } from "zod";
import { parseEnv } from "../../src/config/env-schema.ts";

/**
 * In production Firebase Hosting rewrites some `/api/...` paths to functions (firebase.json).
 * Locally the same paths are proxied to the Functions emulator, read from the same rewrites,
 * so there is one list: `/api/send-email` → http://127.0.0.1:5001/demo-vicino/europe-west8/sendEmail.
 */

const rewriteSchema = z.object({
  source: z.string(),
  function: z
    .union([z.string(), z.object({ functionId: z.string(), region: z.string().optional() })])
    .optional(),
});
const firebaseJsonSchema = z.object({
  hosting: z.object({ rewrites: z.array(rewriteSchema).default([]) }).optional(),
});

export interface FunctionRoute {
  /** Path the SPA calls, e.g. `/api/send-email`. */
  path: string;
  functionId: string;
  region: string;
}

export function readFunctionRoutes(rootDir: string, defaultRegion: string): FunctionRoute[] {
  const parsed = firebaseJsonSchema.parse(JSON.parse(readFileSync(join(rootDir, "firebase.json"), "utf8")));
  return (parsed.hosting?.rewrites ?? []).flatMap((rewrite): FunctionRoute[] => {
    const target = rewrite.function;
    if (!target || /[*?{]/.test(rewrite.source)) return [];
    return typeof target === "string"
      ? [{ path: rewrite.source, functionId: target, region: defaultRegion }]
      : [{ path: rewrite.source, functionId: target.functionId, region: target.region ?? defaultRegion }];
  });
}

/** Emulator URL of an HTTPS function. */
export function functionEmulatorUrl(origin: string, projectId: string, route: FunctionRoute): string {
  return `${origin}/${projectId}/${route.region}/${route.functionId}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Vite `server.proxy` / `preview.proxy` entries for the current mode, or undefined when the
 * app talks to a real project (Hosting does the rewriting there).
 */
export function localApiProxy(mode: string, rootDir: string): Record<string, ProxyOptions> | undefined {
  const env = parseEnv({ ...loadEnv(mode, rootDir, "VITE_"), DEV: mode === "development" });
  if (!env.emulators) return undefined;
  const { host, port } = env.emulators.functions;
  const projectId = env.firebase.projectId;
  const entries = readFunctionRoutes(rootDir, env.functionsRegion).map((route): [string, ProxyOptions] => {
    const target = `/${projectId}/${route.region}/${route.functionId}`;
    return [
      `^${escapeRegExp(route.path)}(?=$|[/?])`,
      {
        target: `http://${host}:${port}`,
        changeOrigin: true,
        rewrite: (path) => target + path.slice(route.path.length),
      },
    ];
  });
  return Object.fromEntries(entries);
}
