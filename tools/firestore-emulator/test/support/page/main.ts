/// <reference lib="dom" />
// The browser test page: the real `firebase` browser build, bundled by esbuild (platform "browser"),
// exposing a small typed API (`PageApi`) on `globalThis.fs` for `page.evaluate`.

import { type FirebaseApp, initializeApp } from "firebase/app";
import {
  type Auth,
  connectAuthEmulator,
  initializeAuth,
  inMemoryPersistence,
  signInWithEmailAndPassword,
  signOut,
} from "firebase/auth";
import {
  type AggregateField,
  addDoc,
  and,
  arrayRemove,
  arrayUnion,
  average,
  Bytes,
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  count,
  type DocumentData,
  DocumentReference,
  type DocumentSnapshot,
  deleteDoc,
  deleteField,
  disableNetwork,
  doc,
  documentId,
  enableNetwork,
  endAt,
  endBefore,
  FieldPath,
  type Firestore,
  GeoPoint,
  getAggregateFromServer,
  getCountFromServer,
  getDoc,
  getDocFromCache,
  getDocFromServer,
  getDocs,
  getDocsFromCache,
  getDocsFromServer,
  increment,
  initializeFirestore,
  limit,
  limitToLast,
  maximum,
  minimum,
  onSnapshot,
  or,
  orderBy,
  type Query,
  type QueryConstraint,
  type QueryFilterConstraint,
  type QueryNonFilterConstraint,
  query,
  runTransaction,
  type SnapshotOptions,
  serverTimestamp,
  setDoc,
  setLogLevel,
  startAfter,
  startAt,
  sum,
  Timestamp,
  type Transaction,
  updateDoc,
  waitForPendingWrites,
  where,
  writeBatch,
} from "firebase/firestore";
import type {
  AggregateSpec,
  ChangeWire,
  CursorSpec,
  DocWire,
  FieldSpec,
  FilterSpec,
  ListenOptions,
  ListenTarget,
  PageApi,
  PageConfig,
  QuerySpec,
  ReadSource,
  SnapshotEvent,
  TxResult,
  Wire,
  WireMap,
  WriteOp,
  WriteStatus,
} from "./protocol.ts";

let app: FirebaseApp | undefined;
let auth: Auth | undefined;
let db: Firestore | undefined;

function firestore(): Firestore {
  if (!db) throw new Error("fs.init() was not called");
  return db;
}

// ---------- values ----------

function isPlainObject(v: unknown): v is { [key: string]: Wire } {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function decode(w: Wire): unknown {
  if (Array.isArray(w)) return w.map(decode);
  if (!isPlainObject(w)) return w;
  const keys = Object.keys(w);
  const key = keys[0];
  if (keys.length === 1 && key !== undefined && key.startsWith("$")) {
    const arg = w[key] ?? null;
    switch (key) {
      case "$serverTimestamp":
        return serverTimestamp();
      case "$increment":
        return increment(Number(arg));
      case "$maximum":
        return maximum(Number(arg));
      case "$minimum":
        return minimum(Number(arg));
      case "$arrayUnion":
        return arrayUnion(...(arg as Wire[]).map(decode));
      case "$arrayRemove":
        return arrayRemove(...(arg as Wire[]).map(decode));
      case "$deleteField":
        return deleteField();
      case "$timestamp": {
        const t = arg as { seconds: number; nanoseconds: number };
        return new Timestamp(t.seconds, t.nanoseconds);
      }
      case "$ref":
        return doc(firestore(), String(arg));
      case "$geo": {
        const g = arg as { latitude: number; longitude: number };
        return new GeoPoint(g.latitude, g.longitude);
      }
      case "$bytes":
        return Bytes.fromBase64String(String(arg));
    }
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = decode(w[k] ?? null);
  return out;
}

function decodeMap(m: WireMap): DocumentData {
  return decode(m) as DocumentData;
}

function encode(v: unknown): Wire {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" || typeof v === "string" || typeof v === "boolean") return v;
  if (v instanceof Timestamp) return { $timestamp: { seconds: v.seconds, nanoseconds: v.nanoseconds } };
  if (v instanceof DocumentReference) return { $ref: v.path };
  if (v instanceof GeoPoint) return { $geo: { latitude: v.latitude, longitude: v.longitude } };
  if (v instanceof Bytes) return { $bytes: v.toBase64() };
  if (Array.isArray(v)) return v.map(encode);
  if (typeof v === "object") {
    const out: WireMap = {};
    for (const [k, x] of Object.entries(v)) out[k] = encode(x);
    return out;
  }
  return String(v);
}

function encodeData(data: DocumentData | undefined): WireMap | null {
  return data === undefined ? null : (encode(data) as WireMap);
}

function docWire(snap: DocumentSnapshot, options?: SnapshotOptions, withData = true): DocWire {
  return {
    id: snap.id,
    path: snap.ref.path,
    exists: snap.exists(),
    data: withData ? encodeData(snap.data(options)) : null,
    hasPendingWrites: snap.metadata.hasPendingWrites,
    fromCache: snap.metadata.fromCache,
  };
}

// ---------- queries ----------

function fieldOf(f: FieldSpec): string | FieldPath {
  if (f === "__name__") return documentId();
  return Array.isArray(f) ? new FieldPath(...f) : f;
}

function buildFilter(f: FilterSpec): QueryFilterConstraint {
  if ("and" in f) return and(...f.and.map(buildFilter));
  if ("or" in f) return or(...f.or.map(buildFilter));
  const raw = decode(f.value);
  return where(fieldOf(f.field), f.op, raw);
}

async function cursorArgs(c: CursorSpec): Promise<unknown[]> {
  if ("doc" in c) return [await getDoc(doc(firestore(), c.doc))];
  return c.values.map(decode);
}

async function buildQuery(spec: QuerySpec): Promise<Query> {
  const d = firestore();
  const base: Query = spec.collectionGroup ? collectionGroup(d, spec.path) : collection(d, spec.path);
  const filters = (spec.where ?? []).map(buildFilter);
  const rest: QueryNonFilterConstraint[] = [];
  for (const o of spec.orderBy ?? []) {
    if (Array.isArray(o) && o.length === 2 && (o[1] === "asc" || o[1] === "desc")) {
      rest.push(orderBy(fieldOf(o[0] as FieldSpec), o[1]));
    } else {
      rest.push(orderBy(fieldOf(o as FieldSpec)));
    }
  }
  if (spec.startAt) rest.push(startAt(...(await cursorArgs(spec.startAt))));
  if (spec.startAfter) rest.push(startAfter(...(await cursorArgs(spec.startAfter))));
  if (spec.endAt) rest.push(endAt(...(await cursorArgs(spec.endAt))));
  if (spec.endBefore) rest.push(endBefore(...(await cursorArgs(spec.endBefore))));
  if (spec.limit !== undefined) rest.push(limit(spec.limit));
  if (spec.limitToLast !== undefined) rest.push(limitToLast(spec.limitToLast));
  const composite = filters.some((f) => f.type === "and" || f.type === "or");
  if (composite) {
    const all = filters.length === 1 ? filters[0]! : and(...filters);
    if (all.type === "and" || all.type === "or") return query(base, all, ...rest);
  }
  return query(base, ...(filters as QueryConstraint[]), ...rest);
}

// ---------- writes ----------

function applySetOptions(
  op: Extract<WriteOp, { op: "set" }>,
): { merge: true } | { mergeFields: string[] } | undefined {
  if (op.mergeFields) return { mergeFields: op.mergeFields };
  if (op.merge) return { merge: true };
  return undefined;
}

function updateArgs(op: Extract<WriteOp, { op: "updatePaths" }>): [FieldPath, unknown, ...unknown[]] {
  const flat: unknown[] = [];
  for (const [segments, v] of op.fields) flat.push(new FieldPath(...segments), decode(v));
  return flat as [FieldPath, unknown, ...unknown[]];
}

async function write(op: WriteOp): Promise<string | null> {
  const d = firestore();
  switch (op.op) {
    case "set": {
      const opts = applySetOptions(op);
      if (opts) await setDoc(doc(d, op.path), decodeMap(op.data), opts);
      else await setDoc(doc(d, op.path), decodeMap(op.data));
      return null;
    }
    case "update":
      await updateDoc(doc(d, op.path), decodeMap(op.data));
      return null;
    case "updatePaths": {
      const [first, firstValue, ...more] = updateArgs(op);
      await updateDoc(doc(d, op.path), first, firstValue, ...more);
      return null;
    }
    case "delete":
      await deleteDoc(doc(d, op.path));
      return null;
    case "add":
      return (await addDoc(collection(d, op.collection), decodeMap(op.data))).path;
  }
}

const startedWrites = new Map<string, WriteStatus>();

function errorInfo(e: unknown): { code: string; message: string } {
  const err = e as { code?: unknown; message?: unknown };
  return { code: typeof err.code === "string" ? err.code : "unknown", message: String(err.message ?? e) };
}

// ---------- transactions ----------

interface Hold {
  attempts: number;
  reads: Array<number | null>;
  release: () => void;
  released: Promise<void>;
}
const holds = new Map<string, Hold>();

function newHold(key: string): Hold {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const h: Hold = { attempts: 0, reads: [], release, released };
  holds.set(key, h);
  return h;
}

function numberField(data: DocumentData | undefined, field: string): number | null {
  const v = data?.[field];
  return typeof v === "number" ? v : null;
}

async function txRun(
  holdKey: string | undefined,
  body: (tx: Transaction, attempt: number, hold: Hold) => Promise<number | null>,
  maxAttempts = 5,
): Promise<TxResult> {
  const key = holdKey ?? `anonymous-${Math.random()}`;
  const hold = newHold(key);
  if (!holdKey) hold.release();
  try {
    const value = await runTransaction(
      firestore(),
      async (tx) => {
        hold.attempts += 1;
        return body(tx, hold.attempts, hold);
      },
      { maxAttempts },
    );
    return { attempts: hold.attempts, reads: hold.reads, value };
  } finally {
    if (!holdKey) holds.delete(key);
  }
}

async function txIncrement(
  path: string,
  field: string,
  delta: number,
  holdKey?: string,
  maxAttempts?: number,
): Promise<TxResult> {
  return txRun(
    holdKey,
    async (tx, attempt, hold) => {
      const ref = doc(firestore(), path);
      const snap = await tx.get(ref);
      const current = numberField(snap.data(), field);
      hold.reads.push(current);
      if (attempt === 1) await hold.released;
      const next = (current ?? 0) + delta;
      if (snap.exists()) tx.update(ref, { [field]: next });
      else tx.set(ref, { [field]: next });
      return next;
    },
    maxAttempts,
  );
}

async function txCopy(src: string, dst: string, holdKey?: string): Promise<TxResult> {
  return txRun(holdKey, async (tx, attempt, hold) => {
    const snap = await tx.get(doc(firestore(), src));
    const v = numberField(snap.data(), "value");
    hold.reads.push(v);
    if (attempt === 1) await hold.released;
    tx.set(doc(firestore(), dst), { value: v, copiedFrom: src });
    return v;
  });
}

async function txTransfer(from: string, to: string, amount: number): Promise<TxResult> {
  return txRun(undefined, async (tx, _attempt, hold) => {
    const a = await tx.get(doc(firestore(), from));
    const b = await tx.get(doc(firestore(), to));
    const balance = numberField(a.data(), "balance") ?? 0;
    hold.reads.push(balance);
    if (balance < amount)
      throw Object.assign(new Error("insufficient-funds"), { code: "insufficient-funds" });
    tx.update(a.ref, { balance: balance - amount });
    tx.update(b.ref, { balance: (numberField(b.data(), "balance") ?? 0) + amount });
    return balance - amount;
  });
}

async function txCreateIfMissing(path: string, data: WireMap): Promise<TxResult> {
  return txRun(undefined, async (tx, _attempt, hold) => {
    const ref = doc(firestore(), path);
    const snap = await tx.get(ref);
    hold.reads.push(snap.exists() ? 1 : 0);
    if (snap.exists()) return 0;
    tx.set(ref, decodeMap(data));
    return 1;
  });
}

// ---------- listeners ----------

interface Listener {
  events: SnapshotEvent[];
  unsubscribe: () => void;
}
const listeners = new Map<string, Listener>();

function listenerOf(id: string): Listener {
  const l = listeners.get(id);
  if (!l) throw new Error(`no listener ${id}`);
  return l;
}

function listen(id: string, target: ListenTarget, options: ListenOptions = {}): void {
  if (listeners.has(id)) throw new Error(`listener ${id} already exists`);
  const events: SnapshotEvent[] = [];
  const snapOptions: SnapshotOptions = { serverTimestamps: options.serverTimestamps ?? "none" };
  const metadata = { includeMetadataChanges: options.includeMetadataChanges ?? false };
  const onError = (e: unknown) => {
    events.push({
      seq: events.length,
      at: Date.now(),
      fromCache: false,
      hasPendingWrites: false,
      docs: [],
      changes: [],
      error: errorInfo(e),
    });
  };
  const entry: Listener = { events, unsubscribe: () => {} };
  listeners.set(id, entry);
  if ("doc" in target) {
    entry.unsubscribe = onSnapshot(
      doc(firestore(), target.doc),
      metadata,
      (snap) => {
        events.push({
          seq: events.length,
          at: Date.now(),
          fromCache: snap.metadata.fromCache,
          hasPendingWrites: snap.metadata.hasPendingWrites,
          docs: snap.exists() ? [docWire(snap, snapOptions)] : [],
          changes: [],
          exists: snap.exists(),
        });
      },
      onError,
    );
    return;
  }
  // Building the query may need a read (document cursors); listen once it is built.
  let cancelled = false;
  entry.unsubscribe = () => {
    cancelled = true;
  };
  buildQuery(target.query).then((q) => {
    if (cancelled) return;
    entry.unsubscribe = onSnapshot(
      q,
      metadata,
      (snap) => {
        const changes: ChangeWire[] = snap.docChanges(metadata).map((c) => ({
          type: c.type,
          id: c.doc.id,
          oldIndex: c.oldIndex,
          newIndex: c.newIndex,
          data: encodeData(c.doc.data(snapOptions)),
        }));
        events.push({
          seq: events.length,
          at: Date.now(),
          fromCache: snap.metadata.fromCache,
          hasPendingWrites: snap.metadata.hasPendingWrites,
          docs: snap.docs.map((d) => docWire(d, snapOptions, !options.light)),
          changes,
        });
      },
      onError,
    );
  }, onError);
}

// ---------- the API ----------

async function readDoc(path: string, source: ReadSource): Promise<DocumentSnapshot> {
  const ref = doc(firestore(), path);
  if (source === "server") return getDocFromServer(ref);
  if (source === "cache") return getDocFromCache(ref);
  return getDoc(ref);
}

const api: PageApi = {
  async init(config: PageConfig) {
    if (app) throw new Error("already initialised");
    setLogLevel(config.logLevel ?? "error");
    app = initializeApp({ apiKey: "demo-api-key", projectId: config.projectId, appId: "1:1:web:1" });
    auth = initializeAuth(app, { persistence: inMemoryPersistence });
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    db = initializeFirestore(app, {
      experimentalForceLongPolling: config.transport === "long-polling",
      experimentalAutoDetectLongPolling: config.transport === "auto",
    });
    connectFirestoreEmulator(db, config.firestoreHost, config.firestorePort);
  },
  async signIn(email, password) {
    if (!auth) throw new Error("fs.init() was not called");
    return (await signInWithEmailAndPassword(auth, email, password)).user.uid;
  },
  async signOut() {
    if (auth) await signOut(auth);
  },
  uid: () => auth?.currentUser?.uid ?? null,

  write,
  startWrite(key, op) {
    startedWrites.set(key, { state: "pending" });
    write(op).then(
      (result) => startedWrites.set(key, { state: "done", result }),
      (e: unknown) => startedWrites.set(key, { state: "error", ...errorInfo(e) }),
    );
  },
  writeStatus: (key) => startedWrites.get(key) ?? null,
  async tryWrite(op) {
    try {
      return { ok: true, result: await write(op) };
    } catch (e) {
      return { ok: false, ...errorInfo(e) };
    }
  },
  async tryBatch(ops) {
    try {
      await api.batch(ops);
      return { ok: true, result: null };
    } catch (e) {
      return { ok: false, ...errorInfo(e) };
    }
  },
  async batch(ops) {
    const d = firestore();
    const b = writeBatch(d);
    for (const op of ops) {
      switch (op.op) {
        case "set": {
          const opts = applySetOptions(op);
          if (opts) b.set(doc(d, op.path), decodeMap(op.data), opts);
          else b.set(doc(d, op.path), decodeMap(op.data));
          break;
        }
        case "update":
          b.update(doc(d, op.path), decodeMap(op.data));
          break;
        case "updatePaths": {
          const [first, firstValue, ...more] = updateArgs(op);
          b.update(doc(d, op.path), first, firstValue, ...more);
          break;
        }
        case "delete":
          b.delete(doc(d, op.path));
          break;
        case "add":
          b.set(doc(collection(d, op.collection)), decodeMap(op.data));
          break;
      }
    }
    await b.commit();
  },
  waitForPendingWrites: () => waitForPendingWrites(firestore()),
  setNetwork: (enabled) => (enabled ? enableNetwork(firestore()) : disableNetwork(firestore())),

  async get(path, source = "default") {
    return docWire(await readDoc(path, source));
  },
  async query(spec, source = "default") {
    const q = await buildQuery(spec);
    const snap =
      source === "server"
        ? await getDocsFromServer(q)
        : source === "cache"
          ? await getDocsFromCache(q)
          : await getDocs(q);
    return snap.docs.map((d) => docWire(d));
  },
  async count(spec) {
    return (await getCountFromServer(await buildQuery(spec))).data().count;
  },
  async aggregate(spec, fields: AggregateSpec) {
    const specs: Record<string, AggregateField<number | null>> = {};
    for (const [alias, f] of Object.entries(fields)) {
      specs[alias] = f.op === "count" ? count() : f.op === "sum" ? sum(f.field) : average(f.field);
    }
    const snap = await getAggregateFromServer(await buildQuery(spec), specs);
    const out: Record<string, number | null> = {};
    const data = snap.data() as Record<string, number | null>;
    for (const alias of Object.keys(fields)) out[alias] = data[alias] ?? null;
    return out;
  },

  txIncrement,
  txCopy,
  txTransfer,
  txCreateIfMissing,
  async txIncrementMany(path, field, n) {
    // The SDK gives up after 5 attempts by default; with this much contention on one document some
    // transactions legitimately need more (Cloud Firestore behaves the same).
    return Promise.all(Array.from({ length: n }, () => txIncrement(path, field, 1, undefined, 30)));
  },
  txState(key) {
    const h = holds.get(key);
    return h ? { attempts: h.attempts, reads: [...h.reads] } : null;
  },
  txRelease(key) {
    holds.get(key)?.release();
  },

  listen,
  events(id, fromSeq = 0) {
    return listenerOf(id).events.slice(fromSeq);
  },
  lastEvent(id) {
    return listenerOf(id).events.at(-1) ?? null;
  },
  eventCount(id) {
    return listenerOf(id).events.length;
  },
  unlisten(id) {
    listeners.get(id)?.unsubscribe();
    listeners.delete(id);
  },
  unlistenAll() {
    for (const l of listeners.values()) l.unsubscribe();
    listeners.clear();
  },
};

(globalThis as unknown as { fs: PageApi }).fs = api;
