import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { type CollectionReference, type Firestore, getFirestore } from "firebase-admin/firestore";
import { configureFirestore } from "../../functions/src/lib/admin";
import type { NewAccount } from "./auth-emulator";
import { AuthEmulator } from "./auth-emulator";
import type { DemoSummary } from "./demo-scenario";
import { clearEmulatorData, clearFirestore, playDemoScenario, type SeedTarget } from "./seed";
import { decodeValue, type EncodedDocument, encodeValue } from "./snapshot-codec";

/**
 * The demo marketplace captured once and restored from a snapshot afterwards (the journeys' fresh data
 * before each test): playing the scenario through the product's transactions takes seconds, writing its
 * hundred-odd documents back takes a fraction of one. A snapshot older than `maxAgeMs`, or taken on
 * another day in Rome, is replaced by a fresh seed, so the scenario's times ("2 ore fa", "scade domani")
 * never drift more than that from what a full seed would show.
 */
export interface SeedSnapshot {
  seededAt: string;
  summary: DemoSummary;
  accounts: NewAccount[];
  documents: EncodedDocument[];
}

export const SNAPSHOT_MAX_AGE_MS = 5 * 60_000;

function withAdmin<T>(
  target: Pick<SeedTarget, "projectId" | "firestoreHost">,
  work: (db: Firestore) => Promise<T>,
): Promise<T> {
  const app = initializeApp({ projectId: target.projectId }, `vicino-snapshot-${randomUUID()}`);
  const db = configureFirestore(getFirestore(app), target.firestoreHost);
  return work(db).finally(() => deleteApp(app));
}

async function readAll(collections: CollectionReference[]): Promise<EncodedDocument[]> {
  const nested = await Promise.all(
    collections.map(async (collection) => {
      const refs = await collection.listDocuments();
      const perDocument = await Promise.all(
        refs.map(async (ref) => {
          const [snapshot, children] = await Promise.all([ref.get(), ref.listCollections()]);
          const own: EncodedDocument[] = snapshot.exists
            ? [{ path: ref.path, data: encodeValue(snapshot.data(), ref.path) }]
            : [];
          return [...own, ...(await readAll(children))];
        }),
      );
      return perDocument.flat();
    }),
  );
  return nested.flat();
}

/** Every document of the project, subcollections included, sorted by path. */
export async function readProject(
  target: Pick<SeedTarget, "projectId" | "firestoreHost">,
): Promise<EncodedDocument[]> {
  const documents = await withAdmin(target, async (db) => readAll(await db.listCollections()));
  return documents.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Plays the demo scenario into a project of its own on the same emulator (`{projectId}-snapshot`, which no
 * function listens to) and returns exactly what the seed wrote, the documents and the Auth accounts: the
 * functions' triggers then see the restore's writes as they would have seen the seed's.
 */
export async function captureDemoData(target: SeedTarget, now: Date = new Date()): Promise<SeedSnapshot> {
  const shadow = {
    projectId: `${target.projectId}-snapshot`,
    firestoreHost: target.firestoreHost,
    authHost: "",
  };
  await clearFirestore(shadow);
  const accounts: NewAccount[] = [];
  const summary = await playDemoScenario(shadow, now, async (account) => {
    accounts.push(account);
  });
  const documents = await readProject(shadow);
  await clearFirestore(shadow);
  return { seededAt: now.toISOString(), summary, accounts, documents };
}

/**
 * Replaces all local data with the snapshot's, as a fresh seed at `seededAt` would leave it. The accounts
 * are the same accounts again: a session signed in before the restore stays valid (acceptEarlierTokens).
 */
export async function restoreSnapshot(target: SeedTarget, snapshot: SeedSnapshot): Promise<DemoSummary> {
  await clearEmulatorData(target);
  const auth = new AuthEmulator({ host: target.authHost, projectId: target.projectId });
  await Promise.all([
    ...snapshot.accounts.map(async (account) => {
      await auth.createAccount(account);
      await auth.acceptEarlierTokens(account.uid);
    }),
    withAdmin(target, async (db) => {
      const writer = db.bulkWriter();
      for (const { path, data } of snapshot.documents) {
        void writer.set(db.doc(path), decodeValue(data, db) as FirebaseFirestore.DocumentData);
      }
      await writer.close();
    }),
  ]);
  return snapshot.summary;
}

const romeDay = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", dateStyle: "short" });

export function isSnapshotFresh(seededAt: Date, now: Date, maxAgeMs = SNAPSHOT_MAX_AGE_MS): boolean {
  const age = now.getTime() - seededAt.getTime();
  return age >= 0 && age <= maxAgeMs && romeDay.format(seededAt) === romeDay.format(now);
}

/**
 * The demo data, fresh: restored from the snapshot at `file` when it is fresh (isSnapshotFresh), otherwise
 * seeded and captured there for the next call.
 */
export async function seedOrRestore(
  target: SeedTarget,
  file: string,
  now: Date = new Date(),
  maxAgeMs = SNAPSHOT_MAX_AGE_MS,
): Promise<DemoSummary> {
  if (existsSync(file)) {
    const snapshot = JSON.parse(readFileSync(file, "utf8")) as SeedSnapshot;
    if (isSnapshotFresh(new Date(snapshot.seededAt), now, maxAgeMs)) return restoreSnapshot(target, snapshot);
  }
  const snapshot = await captureDemoData(target, now);
  writeFileSync(file, JSON.stringify(snapshot));
  return restoreSnapshot(target, snapshot);
}
