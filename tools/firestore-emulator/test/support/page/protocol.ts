// The contract between Node tests and the browser test page (`main.ts`).
//
// Everything that crosses `page.evaluate` must be structured-clonable, so Firestore values travel as
// `Wire` values: plain JSON, plus a few one-key objects whose key starts with `$` for the types and
// sentinels JSON cannot express (see `wire.ts` for builders and readers). This file has no runtime
// imports so that both the Node side and the browser bundle can use it.

export type Wire = null | boolean | number | string | Wire[] | { [key: string]: Wire };
export type WireMap = { [key: string]: Wire };

/** Which WebChannel transport the page's Firestore instance uses. */
export type Transport = "auto" | "streaming" | "long-polling";

export interface PageConfig {
  projectId: string;
  /** e.g. http://127.0.0.1:9099 */
  authEmulatorUrl: string;
  firestoreHost: string;
  firestorePort: number;
  /**
   * auto: the SDK default (streaming with long-polling auto-detection);
   * streaming: auto-detection off, so a server that does not stream is caught;
   * long-polling: `experimentalForceLongPolling`.
   */
  transport: Transport;
  /** Firestore SDK log level inside the page (default "error"). */
  logLevel?: "debug" | "error" | "silent";
}

export type WhereOp =
  | "<"
  | "<="
  | "=="
  | "!="
  | ">="
  | ">"
  | "array-contains"
  | "in"
  | "not-in"
  | "array-contains-any";

/** A field is a dotted path (`a.b`), a list of segments (for names containing dots), or `__name__`. */
export type FieldSpec = string | string[];

export type FilterSpec =
  | { field: FieldSpec; op: WhereOp; value: Wire }
  | { and: FilterSpec[] }
  | { or: FilterSpec[] };

/** A cursor: a document (its path, read first in the page so the SDK gets a real snapshot) or values. */
export type CursorSpec = { doc: string } | { values: Wire[] };

export interface QuerySpec {
  /** Collection path, or the collection id when `collectionGroup` is true. */
  path: string;
  collectionGroup?: boolean;
  /** Each entry becomes one top-level filter constraint (they are ANDed). */
  where?: FilterSpec[];
  orderBy?: Array<FieldSpec | [FieldSpec, "asc" | "desc"]>;
  limit?: number;
  limitToLast?: number;
  startAt?: CursorSpec;
  startAfter?: CursorSpec;
  endAt?: CursorSpec;
  endBefore?: CursorSpec;
}

export type WriteOp =
  | { op: "set"; path: string; data: WireMap; merge?: boolean; mergeFields?: string[] }
  /** Keys of `data` are dotted field paths. */
  | { op: "update"; path: string; data: WireMap }
  /** Field paths given as segments, for field names that contain dots or other special characters. */
  | { op: "updatePaths"; path: string; fields: Array<[string[], Wire]> }
  | { op: "delete"; path: string }
  /** In a batch, `add` writes to a new auto-id document of `collection`. */
  | { op: "add"; collection: string; data: WireMap };

export type AggregateSpec = Record<string, { op: "count" } | { op: "sum" | "avg"; field: string }>;

export interface DocWire {
  id: string;
  path: string;
  exists: boolean;
  data: WireMap | null;
  hasPendingWrites: boolean;
  fromCache: boolean;
}

export interface ChangeWire {
  type: "added" | "modified" | "removed";
  id: string;
  oldIndex: number;
  newIndex: number;
  data: WireMap | null;
}

export interface SnapshotEvent {
  /** 0-based index in the listener's event list. */
  seq: number;
  /** `Date.now()` in the page when the snapshot was delivered. */
  at: number;
  fromCache: boolean;
  hasPendingWrites: boolean;
  /** Query listeners: the result set. Document listeners: `[doc]` if it exists, else `[]`. */
  docs: DocWire[];
  /** Query listeners only. */
  changes: ChangeWire[];
  /** Document listeners only. */
  exists?: boolean;
  /** Set (and nothing else is meaningful) when the listener failed. */
  error?: { code: string; message: string };
}

export interface ListenOptions {
  includeMetadataChanges?: boolean;
  serverTimestamps?: "estimate" | "previous" | "none";
  /**
   * Query listeners: record `docs` without their data (changes keep theirs), so that big result sets
   * stay cheap to record and to poll.
   */
  light?: boolean;
}

export type ListenTarget = { doc: string } | { query: QuerySpec };

export type ReadSource = "default" | "server" | "cache";

export interface TxResult {
  attempts: number;
  /** Value of the field seen by each attempt's read (null when missing). */
  reads: Array<number | null>;
  /** Value returned by the transaction function on its successful attempt. */
  value: number | null;
}

export type Outcome = { ok: true; result: string | null } | { ok: false; code: string; message: string };

export type WriteStatus =
  | { state: "pending" }
  | { state: "done"; result: string | null }
  | { state: "error"; code: string; message: string };

/** What the page exposes as `globalThis.fs`. Every method is callable through `FirestoreBrowserClient.call`. */
export interface PageApi {
  init(config: PageConfig): Promise<void>;
  signIn(email: string, password: string): Promise<string>;
  signOut(): Promise<void>;
  uid(): string | null;

  /** One write; resolves with the new document path for `add`, else null. */
  write(op: WriteOp): Promise<string | null>;
  /** Starts a write without waiting for it; poll `writeStatus(key)`. */
  startWrite(key: string, op: WriteOp): void;
  writeStatus(key: string): WriteStatus | null;
  batch(ops: WriteOp[]): Promise<void>;
  /** Like `write`/`batch`, but a failure resolves with the SDK's error code instead of rejecting. */
  tryWrite(op: WriteOp): Promise<Outcome>;
  tryBatch(ops: WriteOp[]): Promise<Outcome>;
  waitForPendingWrites(): Promise<void>;
  /** disableNetwork / enableNetwork: the SDK closes its streams and later resumes its targets. */
  setNetwork(enabled: boolean): Promise<void>;

  get(path: string, source?: ReadSource): Promise<DocWire>;
  query(spec: QuerySpec, source?: ReadSource): Promise<DocWire[]>;
  count(spec: QuerySpec): Promise<number>;
  aggregate(spec: QuerySpec, fields: AggregateSpec): Promise<Record<string, number | null>>;

  /**
   * runTransaction: reads `path`, writes `field = (read ?? 0) + delta`. With `holdKey`, the first attempt
   * pauses after its read until `txRelease(holdKey)`; `txState(holdKey)` shows progress meanwhile.
   */
  txIncrement(path: string, field: string, delta: number, holdKey?: string): Promise<TxResult>;
  /** runTransaction: reads `src` (read-only in the transaction) and writes `dst.value = src.value`. */
  txCopy(src: string, dst: string, holdKey?: string): Promise<TxResult>;
  /** runTransaction: moves `amount` of `balance` between two docs; throws "insufficient-funds" (no write). */
  txTransfer(from: string, to: string, amount: number): Promise<TxResult>;
  /** runTransaction: creates `path` with `data` if it does not exist; value 1 if created, 0 if it existed. */
  txCreateIfMissing(path: string, data: WireMap): Promise<TxResult>;
  /** `count` parallel txIncrement calls (up to 30 attempts each); resolves with their results. */
  txIncrementMany(path: string, field: string, count: number): Promise<TxResult[]>;
  txState(holdKey: string): { attempts: number; reads: Array<number | null> } | null;
  txRelease(holdKey: string): void;

  listen(id: string, target: ListenTarget, options?: ListenOptions): void;
  events(id: string, fromSeq?: number): SnapshotEvent[];
  lastEvent(id: string): SnapshotEvent | null;
  eventCount(id: string): number;
  unlisten(id: string): void;
  unlistenAll(): void;
}
