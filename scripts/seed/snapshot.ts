import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { type CollectionReference, type Firestore, getFirestore } from "firebase-admin/firestore";
import { configureFirestore } from "../../functions/src/lib/admin";
import { SUBCOLLECTIONS } from "../../src/domain/core/collections";
import type { NewAccount } from "./auth-emulator";
import { AuthEmulator } from "./auth-emulator";
import type { DemoSummary } from "./demo-scenario";
import { clearFirestore, playDemoScenario, type SeedTarget } from "./seed";
import { decodeValue, type EncodedDocument, encodeValue } from "./snapshot-codec";

/**
 * The demo marketplace seeded once and restored from a snapshot afterwards (the journeys' fresh data before
 * each test). The snapshot is taken once the functions have done what the seed's writes asked of them (the
 * shop index, the market rollups, the fan-out of a recent request), with the Firestore emulator's own export;
 * a restore deletes what a test added and imports the export back. An import fires no trigger, so a restore
 * costs the stack a fraction of a second instead of a trigger for every document deleted and written again.
 * A snapshot older than `maxAgeMs`, or taken on another day in Rome, is replaced by a fresh seed, so the
 * scenario's times ("2 ore fa", "scade domani") never drift more than that from what a full seed would show.
 */
export interface SeedSnapshot {
  seededAt: string;
  summary: DemoSummary;
  accounts: NewAccount[];
  /** The export's metadata file, as the Firestore emulator's import takes it. */
  exportFile: string;
  /** Every document path of the export, sorted. */
  paths: string[];
}

export const SNAPSHOT_MAX_AGE_MS = 5 * 60_000;

/** Waits until the functions have finished what the writes so far asked of them (a no-op without functions). */
export type Settle = () => Promise<void>;

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

/** Every document of the project with its fields, subcollections included, sorted by path (what tests compare). */
export async function readProject(
  target: Pick<SeedTarget, "projectId" | "firestoreHost">,
): Promise<EncodedDocument[]> {
  const documents = await withAdmin(target, async (db) => readAll(await db.listCollections()));
  return documents.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Every document path of the project, sorted: one collection-group query per top-level collection and per
 * sub-collection of the contract (src/domain/core/collections.ts), paths only.
 */
export async function documentPaths(
  target: Pick<SeedTarget, "projectId" | "firestoreHost">,
): Promise<string[]> {
  return withAdmin(target, async (db) => {
    const ids = new Set([
      ...(await db.listCollections()).map((collection) => collection.id),
      ...Object.values(SUBCOLLECTIONS),
    ]);
    const groups = await Promise.all(
      [...ids].map(async (id) =>
        (await db.collectionGroup(id).select().get()).docs.map((doc) => doc.ref.path),
      ),
    );
    return groups.flat().sort((a, b) => a.localeCompare(b));
  });
}

/** The emulator's :export or :import of the project's default database, from or into `exportDirectory`. */
async function emulatorCall(
  target: Pick<SeedTarget, "projectId" | "firestoreHost">,
  action: "export" | "import",
  exportDirectory: string,
): Promise<void> {
  const url = `http://${target.firestoreHost}/emulator/v1/projects/${target.projectId}:${action}`;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({
      database: `projects/${target.projectId}/databases/(default)`,
      export_directory: exportDirectory,
    }),
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
}

/** Exports the project's Firestore into a new folder under `dir`; returns the export's metadata file. */
async function exportFirestore(target: Pick<SeedTarget, "projectId" | "firestoreHost">, dir: string) {
  const folder = join(dir, `export-${Date.now()}-${randomUUID().slice(0, 8)}`);
  mkdirSync(folder, { recursive: true });
  await emulatorCall(target, "export", folder);
  const [name] = readdirSync(folder);
  if (!name) throw new Error(`The Firestore emulator exported nothing into ${folder}`);
  return join(folder, name, `${name}.overall_export_metadata`);
}

/**
 * Plays the demo scenario into a project of its own on the same emulator (`{projectId}-snapshot`, which no
 * function listens to) and returns exactly what the seed wrote, the documents and the Auth accounts:
 * played there, the scenario's transactions do not contend with the triggers its writes would fire.
 */
export async function playInShadow(
  target: SeedTarget,
  now: Date = new Date(),
): Promise<{ summary: DemoSummary; accounts: NewAccount[]; documents: EncodedDocument[] }> {
  const shadow = { projectId: `${target.projectId}-snapshot`, firestoreHost: target.firestoreHost };
  await clearFirestore(shadow);
  const accounts: NewAccount[] = [];
  const summary = await playDemoScenario(shadow, now, async (account) => {
    accounts.push(account);
  });
  const documents = await readProject(shadow);
  await clearFirestore(shadow);
  return { summary, accounts, documents };
}

/** Creates the accounts again, accepting the ID tokens they had before (a saved session stays signed in). */
async function recreateAccounts(target: SeedTarget, accounts: readonly NewAccount[]): Promise<void> {
  const auth = new AuthEmulator({ host: target.authHost, projectId: target.projectId });
  await auth.clear();
  await Promise.all(
    accounts.map(async (account) => {
      await auth.createAccount(account);
      await auth.acceptEarlierTokens(account.uid);
    }),
  );
}

/**
 * Seeds the demo marketplace into the project: plays it in a shadow project (playInShadow), empties the
 * project, writes the scenario's documents and accounts there (the functions' triggers see those writes as
 * they would see the seed's), waits for the functions to settle and captures the result in `dir`.
 */
export async function seedAndCapture(
  target: SeedTarget,
  dir: string,
  settle: Settle,
  now: Date = new Date(),
): Promise<SeedSnapshot> {
  const played = await playInShadow(target, now);
  await clearFirestore(target);
  await settle();
  await Promise.all([
    recreateAccounts(target, played.accounts),
    withAdmin(target, async (db) => {
      const writer = db.bulkWriter();
      for (const { path, data } of played.documents) {
        void writer.set(db.doc(path), decodeValue(data, db) as FirebaseFirestore.DocumentData);
      }
      await writer.close();
    }),
  ]);
  await settle();
  const exportFile = await exportFirestore(target, dir);
  return {
    seededAt: now.toISOString(),
    summary: played.summary,
    accounts: played.accounts,
    exportFile,
    paths: await documentPaths(target),
  };
}

/**
 * Puts the project back as the snapshot left it: deletes the documents added since (their triggers run and
 * are waited for), imports the export over the rest (no trigger), and recreates the accounts. The accounts
 * are the same accounts again: a session signed in before the restore stays valid (acceptEarlierTokens).
 */
export async function restoreSnapshot(
  target: SeedTarget,
  snapshot: SeedSnapshot,
  settle: Settle,
): Promise<DemoSummary> {
  const kept = new Set(snapshot.paths);
  const added = (await documentPaths(target)).filter((path) => !kept.has(path));
  if (added.length > 0) {
    await withAdmin(target, async (db) => {
      const writer = db.bulkWriter();
      for (const path of added) void writer.delete(db.doc(path));
      await writer.close();
    });
    await settle();
  }
  await Promise.all([
    emulatorCall(target, "import", snapshot.exportFile),
    recreateAccounts(target, snapshot.accounts),
  ]);
  return snapshot.summary;
}

const romeDay = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", dateStyle: "short" });

export function isSnapshotFresh(seededAt: Date, now: Date, maxAgeMs = SNAPSHOT_MAX_AGE_MS): boolean {
  const age = now.getTime() - seededAt.getTime();
  return age >= 0 && age <= maxAgeMs && romeDay.format(seededAt) === romeDay.format(now);
}

/**
 * The demo data, fresh: restored from the snapshot described in `dir` when it is fresh (isSnapshotFresh),
 * otherwise seeded and captured there for the next call. `settle` is called first too, so that nothing a
 * test set going is still writing when the restore starts.
 */
export async function seedOrRestore(
  target: SeedTarget,
  dir: string,
  settle: Settle,
  now: Date = new Date(),
  maxAgeMs = SNAPSHOT_MAX_AGE_MS,
): Promise<DemoSummary> {
  await settle();
  const file = join(dir, "seed-snapshot.json");
  if (existsSync(file)) {
    const snapshot = JSON.parse(readFileSync(file, "utf8")) as SeedSnapshot;
    if (isSnapshotFresh(new Date(snapshot.seededAt), now, maxAgeMs))
      return restoreSnapshot(target, snapshot, settle);
  }
  const snapshot = await seedAndCapture(target, dir, settle, now);
  writeFileSync(file, JSON.stringify(snapshot));
  return snapshot.summary;
}
