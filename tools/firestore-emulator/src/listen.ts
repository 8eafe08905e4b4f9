/**
 * Listen: targets (queries and document sets) per stream, incremental matching of
 * changed documents, limit re-fill, resume (RESET + full set), global snapshots.
 */
import type { Change } from "./commit.ts";
import type { Engine } from "./engine.ts";
import { type FirestoreError, invalidArgument, toFirestoreError } from "./errors.ts";
import { asArray, isObject, type JsonObject } from "./guards.ts";
import {
  type DatabaseId,
  fullName,
  lastSegment,
  parentOf,
  parseDatabaseName,
  parseDocumentName,
  parseParentName,
} from "./paths.ts";
import { collectionPathOf, matchesQuery, parseStructuredQuery, type Query, runQuery } from "./query.ts";
import { type Database, type DocRecord, encodedFields } from "./store.ts";
import { formatMicros, type Micros } from "./time.ts";

export interface StreamSink {
  /** Queues one server message (a JSON text of a ListenResponse / WriteResponse). */
  send(json: string): void;
  /** Sends a stream error and closes the stream. */
  fail(err: FirestoreError): void;
}

interface Target {
  readonly id: number;
  readonly stream: ListenStream;
  readonly db: Database;
  readonly query: Query | null;
  readonly docs: ReadonlySet<string> | null;
  /** Documents the client has been told match: path → version sent. */
  readonly view: Map<string, Micros>;
  /** Limit/offset queries are re-run when a relevant document changes. */
  readonly rerun: boolean;
}

interface DbTargets {
  readonly byCollection: Map<string, Set<Target>>;
  readonly byGroup: Map<string, Set<Target>>;
  readonly kindless: Set<Target>;
  readonly byDoc: Map<string, Set<Target>>;
}

function addTo<K>(map: Map<K, Set<Target>>, key: K, t: Target): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(t);
}

function removeFrom<K>(map: Map<K, Set<Target>>, key: K, t: Target): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(t);
  if (set.size === 0) map.delete(key);
}

export function resumeTokenFor(time: Micros): string {
  return Buffer.from(`v1:${time}`).toString("base64");
}

export function encodeDocument(db: DatabaseId, doc: DocRecord, intEnums: boolean): JsonObject {
  return {
    name: fullName(db, doc.path),
    fields: encodedFields(doc, intEnums),
    createTime: formatMicros(doc.createTime),
    updateTime: formatMicros(doc.updateTime),
  };
}

interface PendingDoc {
  after: DocRecord | undefined;
  readonly targetIds: number[];
  readonly removed: number[];
  readonly removeOnly: number[];
}

export class ListenRegistry {
  private readonly dbs = new Map<string, DbTargets>();

  private targetsOf(db: Database): DbTargets {
    let t = this.dbs.get(db.name);
    if (!t) {
      t = { byCollection: new Map(), byGroup: new Map(), kindless: new Set(), byDoc: new Map() };
      this.dbs.set(db.name, t);
    }
    return t;
  }

  register(t: Target): void {
    const idx = this.targetsOf(t.db);
    if (t.docs) {
      for (const p of t.docs) addTo(idx.byDoc, p, t);
      return;
    }
    const q = t.query as Query;
    const col = collectionPathOf(q);
    if (col !== null) addTo(idx.byCollection, col, t);
    else if (q.collectionId !== null) addTo(idx.byGroup, q.collectionId, t);
    else idx.kindless.add(t);
  }

  unregister(t: Target): void {
    const idx = this.targetsOf(t.db);
    if (t.docs) {
      for (const p of t.docs) removeFrom(idx.byDoc, p, t);
      return;
    }
    const q = t.query as Query;
    const col = collectionPathOf(q);
    if (col !== null) removeFrom(idx.byCollection, col, t);
    else if (q.collectionId !== null) removeFrom(idx.byGroup, q.collectionId, t);
    else idx.kindless.delete(t);
  }

  get targetCount(): number {
    let n = 0;
    for (const idx of this.dbs.values()) {
      for (const s of idx.byCollection.values()) n += s.size;
      for (const s of idx.byGroup.values()) n += s.size;
      for (const s of idx.byDoc.values()) n += s.size;
      n += idx.kindless.size;
    }
    return n;
  }

  private candidates(idx: DbTargets, path: string, out: Set<Target>): void {
    const colPath = parentOf(path);
    const a = idx.byCollection.get(colPath);
    if (a) for (const t of a) out.add(t);
    const g = idx.byGroup.get(lastSegment(colPath));
    if (g) for (const t of g) out.add(t);
    for (const t of idx.kindless) out.add(t);
    const d = idx.byDoc.get(path);
    if (d) for (const t of d) out.add(t);
  }

  /** Evaluates each changed document against the targets that could see it. */
  dispatch(db: Database, changes: readonly Change[], commitTime: Micros): void {
    const idx = this.dbs.get(db.name);
    if (!idx) return;
    const perStream = new Map<ListenStream, Map<string, PendingDoc>>();
    const reruns = new Set<Target>();
    const changed = new Map<string, DocRecord | undefined>();
    const pending = (t: Target, path: string, after: DocRecord | undefined): PendingDoc => {
      let docs = perStream.get(t.stream);
      if (!docs) {
        docs = new Map();
        perStream.set(t.stream, docs);
      }
      let p = docs.get(path);
      if (!p) {
        p = { after, targetIds: [], removed: [], removeOnly: [] };
        docs.set(path, p);
      }
      return p;
    };

    for (const change of changes) {
      changed.set(change.path, change.after);
      const targets = new Set<Target>();
      this.candidates(idx, change.path, targets);
      for (const t of targets) {
        const after = change.after;
        const was = t.view.has(change.path);
        if (t.rerun) {
          if (was || (after && matchesQuery(t.query as Query, after))) reruns.add(t);
          continue;
        }
        const now =
          after !== undefined && (t.docs ? t.docs.has(change.path) : matchesQuery(t.query as Query, after));
        if (now && after) {
          t.view.set(change.path, after.updateTime);
          pending(t, change.path, after).targetIds.push(t.id);
        } else if (was) {
          t.view.delete(change.path);
          pending(t, change.path, after).removed.push(t.id);
        }
      }
    }

    for (const t of reruns) {
      let results: DocRecord[];
      try {
        results = runQuery(db, t.query as Query);
      } catch (err) {
        t.stream.removeWithError(t, toFirestoreError(err));
        continue;
      }
      const next = new Set<string>();
      for (const doc of results) {
        next.add(doc.path);
        if (t.view.get(doc.path) !== doc.updateTime) {
          t.view.set(doc.path, doc.updateTime);
          pending(t, doc.path, doc).targetIds.push(t.id);
        }
      }
      for (const path of [...t.view.keys()]) {
        if (next.has(path)) continue;
        t.view.delete(path);
        const after = db.get(path);
        if (!after) pending(t, path, undefined).removed.push(t.id);
        else if (changed.has(path)) pending(t, path, after).removed.push(t.id);
        else pending(t, path, after).removeOnly.push(t.id);
      }
    }

    if (perStream.size === 0) return;
    const readTime = formatMicros(commitTime);
    const global = JSON.stringify({ targetChange: { resumeToken: resumeTokenFor(commitTime), readTime } });
    const docJson = new Map<string, string>();
    const docText = (doc: DocRecord): string => {
      let s = docJson.get(doc.path);
      if (s === undefined) {
        s = JSON.stringify(encodeDocument(db.id, doc, false));
        docJson.set(doc.path, s);
      }
      return s;
    };
    const name = (path: string) => JSON.stringify(fullName(db.id, path));
    for (const [stream, docs] of perStream) {
      if (stream.closed) continue;
      let sent = false;
      for (const [path, p] of docs) {
        if (p.after && (p.targetIds.length > 0 || p.removed.length > 0)) {
          stream.sink.send(
            `{"documentChange":{"document":${docText(p.after)},"targetIds":${JSON.stringify(p.targetIds)},"removedTargetIds":${JSON.stringify(p.removed)}}}`,
          );
          sent = true;
        } else if (!p.after && p.removed.length > 0) {
          stream.sink.send(
            `{"documentDelete":{"document":${name(path)},"removedTargetIds":${JSON.stringify(p.removed)},"readTime":"${readTime}"}}`,
          );
          sent = true;
        }
        if (p.removeOnly.length > 0) {
          stream.sink.send(
            `{"documentRemove":{"document":${name(path)},"removedTargetIds":${JSON.stringify(p.removeOnly)},"readTime":"${readTime}"}}`,
          );
          sent = true;
        }
      }
      if (sent) stream.sink.send(global);
    }
  }
}

/** One Listen stream (one WebChannel session). */
export class ListenStream {
  private readonly targets = new Map<number, Target>();
  closed = false;

  constructor(
    private readonly engine: Engine,
    private readonly defaultDb: DatabaseId,
    readonly sink: StreamSink,
  ) {}

  handle(message: unknown): void {
    if (this.closed) return;
    if (!isObject(message)) throw invalidArgument("ListenRequest must be a JSON object.");
    const dbName = typeof message.database === "string" ? message.database : null;
    const dbId = dbName ? parseDatabaseName(dbName) : this.defaultDb;
    if (message.addTarget !== undefined && message.addTarget !== null) {
      this.addTarget(dbId, message.addTarget);
    } else if (message.removeTarget !== undefined && message.removeTarget !== null) {
      const id = Number(message.removeTarget);
      if (!Number.isInteger(id)) throw invalidArgument("removeTarget must be a target id.");
      this.removeTarget(id);
    } else {
      throw invalidArgument("ListenRequest must set addTarget or removeTarget.");
    }
  }

  private addTarget(dbId: DatabaseId, json: unknown): void {
    if (!isObject(json)) throw invalidArgument("addTarget must be a Target object.");
    const id = Number(json.targetId ?? 0);
    if (!Number.isInteger(id)) throw invalidArgument("addTarget.targetId must be an integer.");
    const existing = this.targets.get(id);
    if (existing) this.dropTarget(existing);
    const db = this.engine.db(dbId);
    let target: Target;
    try {
      if (isObject(json.query)) {
        const parent = parseParentName(dbId, json.query.parent, "addTarget.query.parent");
        const query = parseStructuredQuery(
          dbId,
          parent,
          json.query.structuredQuery,
          "addTarget.query.structuredQuery",
        );
        const rerun = query.limit !== null || query.offset > 0;
        target = { id, stream: this, db, query, docs: null, view: new Map(), rerun };
      } else if (isObject(json.documents)) {
        const names = asArray(json.documents.documents, "addTarget.documents.documents");
        const docs = new Set(
          names.map((n, i) => parseDocumentName(dbId, n, `addTarget.documents.documents[${i}]`)),
        );
        target = { id, stream: this, db, query: null, docs, view: new Map(), rerun: false };
      } else {
        throw invalidArgument("addTarget must set query or documents.");
      }
    } catch (err) {
      const e = toFirestoreError(err);
      this.engine.log.debug(`listen target ${id} rejected: ${e.status} ${e.message}`);
      this.sink.send(
        JSON.stringify({
          targetChange: {
            targetChangeType: "REMOVE",
            targetIds: [id],
            cause: { code: e.code, message: e.message },
          },
        }),
      );
      return;
    }
    // Resuming (token or read time) is answered with RESET + the current set, which the SDK accepts.
    const resuming =
      (typeof json.resumeToken === "string" && json.resumeToken !== "") ||
      (json.readTime !== undefined && json.readTime !== null);
    this.targets.set(id, target);
    this.engine.listeners.register(target);
    const readTime = this.engine.clock.peek();
    this.sink.send(JSON.stringify({ targetChange: { targetChangeType: "ADD", targetIds: [id] } }));
    if (resuming)
      this.sink.send(JSON.stringify({ targetChange: { targetChangeType: "RESET", targetIds: [id] } }));
    const docs: DocRecord[] = [];
    if (target.docs) {
      for (const p of target.docs) {
        const d = db.get(p);
        if (d) docs.push(d);
      }
    } else {
      docs.push(...runQuery(db, target.query as Query));
    }
    const ids = JSON.stringify([id]);
    for (const d of docs) {
      target.view.set(d.path, d.updateTime);
      this.sink.send(
        `{"documentChange":{"document":${JSON.stringify(encodeDocument(dbId, d, false))},"targetIds":${ids}}}`,
      );
    }
    const token = resumeTokenFor(readTime);
    this.sink.send(
      JSON.stringify({ targetChange: { targetChangeType: "CURRENT", targetIds: [id], resumeToken: token } }),
    );
    this.sink.send(
      JSON.stringify({ targetChange: { resumeToken: token, readTime: formatMicros(readTime) } }),
    );
  }

  private removeTarget(id: number): void {
    const t = this.targets.get(id);
    if (t) this.dropTarget(t);
    this.sink.send(JSON.stringify({ targetChange: { targetChangeType: "REMOVE", targetIds: [id] } }));
  }

  /** Removes a target after a server-side failure, telling the client why. */
  removeWithError(t: Target, err: FirestoreError): void {
    this.dropTarget(t);
    this.sink.send(
      JSON.stringify({
        targetChange: {
          targetChangeType: "REMOVE",
          targetIds: [t.id],
          cause: { code: err.code, message: err.message },
        },
      }),
    );
  }

  private dropTarget(t: Target): void {
    this.targets.delete(t.id);
    this.engine.listeners.unregister(t);
  }

  get targetCount(): number {
    return this.targets.size;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of [...this.targets.values()]) this.dropTarget(t);
  }
}
