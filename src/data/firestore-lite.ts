import { connectFirestoreEmulator, type Firestore, getFirestore } from "firebase/firestore/lite";
import { env } from "@/config/env";
import { getFirebaseApp } from "./firebase";

/**
 * Firestore Lite (REST, ~26 kB gzip instead of ~136 kB) for one-shot reads and writes on the
 * session's path: a signed-in page needs users/{uid} before it can render, and the full SDK would
 * push every guarded route past its 300 kB initial-JS budget (architecture §8). Live listeners use
 * the full SDK (./firebase.ts getDb, through ./listen.ts), loaded afterwards. Both talk to the same project/emulator.
 */
let pending: Promise<Firestore> | undefined;

export function getLiteDb(): Promise<Firestore> {
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
