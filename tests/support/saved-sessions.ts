import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { DEMO_PERSONAS } from "../../scripts/seed/demo-data";
import { DEVICE_STORAGE_KEYS } from "../../src/domain/core/device-storage";

/**
 * A demo account's signed-in browser state, saved after its first sign-in through /auth in a run and put
 * into the next journeys' pages instead of filling the form again: Firebase Auth's IndexedDB database and
 * the session hint, nothing else the app keeps on the device (a chat's device copy stays per test). The
 * seed snapshot's restore keeps such sessions valid (scripts/seed/snapshot.ts); the form itself stays
 * covered by that first sign-in and by the auth journeys.
 */
const FIREBASE_AUTH_DATABASE = "firebaseLocalStorageDb";

/** Below the ID token's hour: past it the SDK would refresh with a token a restore has removed. */
const SESSION_MAX_AGE_MS = 30 * 60_000;

const demoEmails = new Set<string>(DEMO_PERSONAS.map((persona) => persona.email));

export function savedSessionFile(dataDir: string, email: string): string | undefined {
  return demoEmails.has(email) ? join(dataDir, "sessions", `${email}.json`) : undefined;
}

export function hasFreshSession(file: string, now = Date.now()): boolean {
  return existsSync(file) && now - statSync(file).mtimeMs < SESSION_MAX_AGE_MS;
}

/** An origin of storageState({ indexedDB: true }): the typings leave out the databases it returns. */
type OriginState = {
  origin: string;
  localStorage: { name: string; value: string }[];
  indexedDB?: { name: string }[];
};

export async function saveSession(context: BrowserContext, file: string): Promise<void> {
  const state = await context.storageState({ indexedDB: true });
  const kept = {
    cookies: [],
    origins: (state.origins as OriginState[]).map((origin) => ({
      origin: origin.origin,
      localStorage: origin.localStorage.filter((entry) => entry.name === DEVICE_STORAGE_KEYS.sessionHint),
      indexedDB: (origin.indexedDB ?? []).filter((database) => database.name === FIREBASE_AUTH_DATABASE),
    })),
  };
  if (!kept.origins.some((origin) => origin.indexedDB.length > 0)) {
    throw new Error(`Nessuna sessione Firebase da salvare in ${file}: l'accesso non è andato a buon fine?`);
  }
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, JSON.stringify(kept));
}
