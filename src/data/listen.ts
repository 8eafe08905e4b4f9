import type {
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  Unsubscribe,
} from "firebase/firestore";
import { REQUEST_QUERY_LIMIT } from "@/domain/core/limits";
import type { QuerySpec } from "./query-spec";

/**
 * The one home of live listeners (architecture §3: realtime screens subscribe with onSnapshot and the
 * feature pushes what arrives into the react-query cache). The full SDK is only ever imported
 * dynamically here, like ./firebase.ts getDb does, so no page's initial JS carries it (architecture §8;
 * scripts/size.mjs ON_DEMAND); Firestore Lite serves the one-shot reads.
 */
export type FirestoreSdk = typeof import("firebase/firestore");

export const loadFirestoreSdk = (): Promise<FirestoreSdk> => import("firebase/firestore");

// Loaded on demand too, so this module (and the collection modules that use it) import no SDK and no
// environment when they are evaluated (the seed reads conversations' shapes from Node).
const loadDb = (): Promise<Firestore> => import("./firebase").then(({ getDb }) => getDb());

export type Listener<T> = { next: (value: T) => void; error: (error: unknown) => void };

export function isPermissionDenied(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "permission-denied";
}

/**
 * A listener the rules refused is a bug: the app asked for something production refuses too ('rules are
 * not filters'). It is reported on the console (the end-to-end tests fail on it) and then handled as any
 * other error. Listeners that expect a refusal (a document the rules hide) handle it before this.
 */
export function reportingRefusals(onError: (error: unknown) => void): (error: unknown) => void {
  return (error) => {
    if (isPermissionDenied(error)) {
      console.error("Firestore rules refused a live query (permission-denied)", error);
    }
    onError(error);
  };
}

/**
 * Starts a listener once Firestore is loaded (lazily, ./firebase.ts) and returns a synchronous
 * unsubscribe, so React effects can clean up even before the SDK has arrived. `start` gets the error
 * handler to give the listener (refusals reported, see reportingRefusals).
 */
export function lazyListen(
  start: (fs: FirestoreSdk, db: Firestore, fail: (error: unknown) => void) => Unsubscribe,
  onError: (error: unknown) => void,
): Unsubscribe {
  let stop: Unsubscribe | null = null;
  let cancelled = false;
  const fail = reportingRefusals(onError);
  Promise.all([loadFirestoreSdk(), loadDb()])
    .then(([fs, db]) => {
      if (!cancelled) stop = start(fs, db, fail);
    })
    .catch(fail);
  return () => {
    cancelled = true;
    stop?.();
  };
}

/** One document, live; null when it does not exist, is malformed, or the rules hide it from the user. */
export function subscribeToDocument<T>(
  path: (fs: FirestoreSdk, db: Firestore) => DocumentReference,
  read: (snapshot: DocumentSnapshot) => T | null,
  listener: Listener<T | null>,
): Unsubscribe {
  return lazyListen(
    (fs, db, fail) =>
      fs.onSnapshot(
        path(fs, db),
        (snapshot) => listener.next(snapshot.exists() ? read(snapshot) : null),
        (error) => (isPermissionDenied(error) ? listener.next(null) : fail(error)),
      ),
    listener.error,
  );
}

/**
 * The newest documents of a collection where `field == value`, live (the dashboards): at most `max`, never
 * more than the rules' list bound (REQUEST_QUERY_LIMIT); every snapshot gives the whole list again,
 * malformed documents left out (`read` returns null). A refusal is a bug here (the query is built to be
 * allowed), so it is reported like any failure.
 */
export function subscribeToNewest<T>(
  where: { collection: string; field: string; value: string; orderBy: string; max: number },
  read: (id: string, data: DocumentData) => T | null,
  listener: Listener<T[]>,
): Unsubscribe {
  return lazyListen(
    (fs, db, fail) =>
      fs.onSnapshot(
        fs.query(
          fs.collection(db, where.collection),
          fs.where(where.field, "==", where.value),
          fs.orderBy(where.orderBy, "desc"),
          fs.limit(Math.min(where.max, REQUEST_QUERY_LIMIT)),
        ),
        (snapshot) => {
          const items: T[] = [];
          for (const document of snapshot.docs) {
            const item = read(document.id, document.data({ serverTimestamps: "estimate" }));
            if (item !== null) items.push(item);
          }
          listener.next(items);
        },
        fail,
      ),
    listener.error,
  );
}

export type FirestoreLiteSdk = typeof import("firebase/firestore/lite");
type LiteDb = import("firebase/firestore/lite").Firestore;

/**
 * Runs `work` with Firestore Lite (REST, already loaded by the session): a live screen's first one-shot
 * read, painted before its listener (which waits for the page to settle, src/lib/after-settled.ts), and
 * best-effort writes that must not pull the full SDK onto a page's first paint (marking read).
 */
export async function withFirestoreLite<T>(
  work: (fs: FirestoreLiteSdk, db: LiteDb) => Promise<T>,
): Promise<T> {
  const [fs, db] = await Promise.all([
    import("firebase/firestore/lite"),
    import("./firestore-lite").then(({ getLiteDb }) => getLiteDb()),
  ]);
  return work(fs, db);
}

/** Runs `write` with the full SDK and the app's database (the messages screen's writes). */
export async function withFirestore<T>(write: (fs: FirestoreSdk, db: Firestore) => Promise<T>): Promise<T> {
  const [fs, db] = await Promise.all([loadFirestoreSdk(), loadDb()]);
  return write(fs, db);
}

/**
 * withFirestore for a write to `uid`'s own documents (a chat's read marks, the bell's reset), sent only
 * while the session is still `uid`'s (./auth.ts isSignedInAs). The full SDK, not Lite: its credentials
 * wait for Auth, where Lite was seen to send such a write without a token (refused by the rules) on a
 * page whose session was signed in. Its listeners are already loaded on every signed-in page by then.
 * Resolves to undefined when skipped.
 */
export async function withOwnFirestore<T>(
  uid: string,
  write: (fs: FirestoreSdk, db: Firestore) => Promise<T>,
): Promise<T | undefined> {
  const { isSignedInAs } = await import("./auth");
  if (!(await isSignedInAs(uid))) return undefined;
  return withFirestore(write);
}

/** A query's documents as Firestore Lite reads them. */
export type LiteDocument = import("firebase/firestore/lite").QueryDocumentSnapshot;

/** Runs `spec` once over Firestore Lite (loaded with the read, ./firestore-lite.ts `liteQuery`). */
export async function readLiteQuery(spec: QuerySpec): Promise<LiteDocument[]> {
  const [fs, lite] = await Promise.all([import("firebase/firestore/lite"), import("./firestore-lite")]);
  const snapshot = await fs.getDocs(lite.liteQuery(await lite.getLiteDb(), spec));
  return snapshot.docs;
}
