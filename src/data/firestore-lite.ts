import { connectFirestoreEmulator, type Firestore, getFirestore } from "firebase/firestore/lite";
import { env } from "@/config/env";
import { getFirebaseApp } from "./firebase";
import { yieldToMain } from "./slices";

/**
 * Firestore Lite (REST, ~26 kB gzip instead of ~136 kB) for one-shot reads and writes on the
 * session's path: a signed-in page needs users/{uid} before it can render, and the full SDK would
 * push every guarded route past its 300 kB initial-JS budget (architecture §8). Live listeners use
 * the full SDK (./firebase.ts getDb, through ./listen.ts), loaded afterwards. Both talk to the same project/emulator.
 */
let pending: Promise<Firestore> | undefined;

function loadLiteDb(): Promise<Firestore> {
  pending ??= getFirebaseApp().then((app) => {
    const db = getFirestore(app);
    if (env.emulators) {
      connectFirestoreEmulator(db, env.emulators.firestore.host, env.emulators.firestore.port);
    }
    return db;
  });
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

/**
 * The Lite instance, handed over in a task of its own: each read or write (building its query, calling
 * fetch) then starts in its own task, so a page's first reads, started together, do not add up to one long
 * task on a phone (docs/lighthouse.md, sixth pass).
 */
export async function getLiteDb(): Promise<Firestore> {
  const db = await loadLiteDb();
  await yieldToMain();
  return db;
}
