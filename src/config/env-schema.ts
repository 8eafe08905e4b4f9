import { z } from "zod";

/**
 * The SPA's environment, validated once. Pure (no `import.meta`), so vite.config.ts and the
 * test harness can parse the same variables the browser bundle sees.
 */

const DEFAULT_PROJECT_ID = "demo-vicino";
const DEFAULT_REGION = "europe-west8";

// Built on each parse: a production build never parses in the browser (src/config/env.ts).
const flag = () =>
  z
    .enum(["true", "false", "1", "0", ""])
    .transform((value) => (value === "" ? undefined : value === "true" || value === "1"));

const port = () => z.coerce.number().int().min(1).max(65_535);

const optionalText = () =>
  z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .optional();

export const rawEnvSchema = z.object({
  DEV: z.boolean().default(false),
  VITE_FIREBASE_PROJECT_ID: z.string().trim().min(1).default(DEFAULT_PROJECT_ID),
  VITE_FIREBASE_API_KEY: optionalText(),
  VITE_FIREBASE_AUTH_DOMAIN: optionalText(),
  VITE_FIREBASE_APP_ID: optionalText(),
  VITE_FIREBASE_STORAGE_BUCKET: optionalText(),
  VITE_FIREBASE_MESSAGING_SENDER_ID: optionalText(),
  VITE_USE_EMULATORS: flag().optional(),
  VITE_EMULATOR_HOST: z.string().trim().min(1).default("127.0.0.1"),
  VITE_AUTH_EMULATOR_PORT: port().default(9099),
  VITE_FIRESTORE_EMULATOR_PORT: port().default(8080),
  VITE_FUNCTIONS_EMULATOR_PORT: port().default(5001),
  VITE_FUNCTIONS_REGION: z.string().trim().min(1).default(DEFAULT_REGION),
  VITE_APPCHECK_SITE_KEY: optionalText(),
  /** The Web Push (VAPID) public key of the project's Cloud Messaging, for real projects. */
  VITE_FIREBASE_VAPID_KEY: optionalText(),
});

export interface EmulatorEndpoint {
  host: string;
  port: number;
}

export interface AppEnv {
  /** Options for `initializeApp`. */
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string;
    appId?: string;
    storageBucket?: string;
    messagingSenderId?: string;
  };
  functionsRegion: string;
  /**
   * reCAPTCHA Enterprise site key for App Check (required for a real project; on the emulators the
   * app sends an unsigned token instead, src/data/app-check.ts).
   */
  appCheckSiteKey?: string;
  /** Cloud Messaging's Web Push key (a real project; the emulators register a local device instead). */
  pushVapidKey?: string;
  /** Present when the app talks to the local emulators instead of a real project. */
  emulators?: {
    auth: EmulatorEndpoint & { url: string };
    firestore: EmulatorEndpoint;
    functions: EmulatorEndpoint;
  };
}

export class EnvError extends Error {
  override name = "EnvError";
}

/** A `demo-*` project id can never reach a real Firebase project. */
export function isDemoProject(projectId: string): boolean {
  return projectId.startsWith("demo-");
}

export function parseEnv(source: Record<string, unknown>): AppEnv {
  const parsed = rawEnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Configurazione non valida (.env): ${problems.join("; ")}`);
  }
  const raw = parsed.data;
  const projectId = raw.VITE_FIREBASE_PROJECT_ID;
  const demo = isDemoProject(projectId);
  // Emulators by default in development and always for demo projects; a real build must opt out explicitly.
  const useEmulators = raw.VITE_USE_EMULATORS ?? (raw.DEV || demo);

  if (!useEmulators && demo) {
    throw new EnvError(
      `Il progetto ${projectId} esiste solo negli emulatori: imposta VITE_USE_EMULATORS=true.`,
    );
  }
  if (!useEmulators && !raw.VITE_FIREBASE_API_KEY) {
    throw new EnvError("VITE_FIREBASE_API_KEY è obbligatoria per un progetto Firebase reale.");
  }
  if (!useEmulators && !raw.VITE_APPCHECK_SITE_KEY) {
    // Every callable enforces App Check: without the key no function call would pass.
    throw new EnvError(
      "VITE_APPCHECK_SITE_KEY (chiave reCAPTCHA Enterprise di App Check) è obbligatoria per un progetto Firebase reale.",
    );
  }

  const host = raw.VITE_EMULATOR_HOST;
  return {
    firebase: {
      projectId,
      // The emulators accept any key; a real project needs its own (checked above).
      apiKey: raw.VITE_FIREBASE_API_KEY ?? "demo-api-key",
      authDomain: raw.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      ...(raw.VITE_FIREBASE_APP_ID ? { appId: raw.VITE_FIREBASE_APP_ID } : {}),
      ...(raw.VITE_FIREBASE_STORAGE_BUCKET ? { storageBucket: raw.VITE_FIREBASE_STORAGE_BUCKET } : {}),
      ...(raw.VITE_FIREBASE_MESSAGING_SENDER_ID
        ? { messagingSenderId: raw.VITE_FIREBASE_MESSAGING_SENDER_ID }
        : {}),
    },
    functionsRegion: raw.VITE_FUNCTIONS_REGION,
    ...(raw.VITE_APPCHECK_SITE_KEY ? { appCheckSiteKey: raw.VITE_APPCHECK_SITE_KEY } : {}),
    ...(raw.VITE_FIREBASE_VAPID_KEY ? { pushVapidKey: raw.VITE_FIREBASE_VAPID_KEY } : {}),
    ...(useEmulators
      ? {
          emulators: {
            auth: {
              host,
              port: raw.VITE_AUTH_EMULATOR_PORT,
              url: `http://${host}:${raw.VITE_AUTH_EMULATOR_PORT}`,
            },
            firestore: { host, port: raw.VITE_FIRESTORE_EMULATOR_PORT },
            functions: { host, port: raw.VITE_FUNCTIONS_EMULATOR_PORT },
          },
        }
      : {}),
  };
}
