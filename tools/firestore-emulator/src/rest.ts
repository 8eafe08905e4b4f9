/** REST (JSON) API: what the browser SDK's XHR calls and firebase-admin's REST transport use. */
import { aggregate, parseAggregationQuery } from "./aggregate.ts";
import { parseWrite, type WriteOp } from "./commit.ts";
import type { Engine } from "./engine.ts";
import { FirestoreError, invalidArgument, notFound, toFirestoreError, unimplemented } from "./errors.ts";
import { projectFields } from "./fields.ts";
import { asArray, isObject, type JsonObject, optInt32 } from "./guards.ts";
import { encodeDocument } from "./listen.ts";
import {
  comparePaths,
  type DatabaseId,
  type FieldPath,
  fullName,
  parseDocumentName,
  parseFieldPath,
  validateWritablePath,
} from "./paths.ts";
import { parseStructuredQuery, runQuery } from "./query.ts";
import type { Database, DocRecord } from "./store.ts";
import { formatMicros, type Micros, parseTimestamp } from "./time.ts";
import type { Tx } from "./transactions.ts";
import { decodeFields, encodeValue } from "./values.ts";

export interface RestRequest {
  readonly method: string;
  readonly db: DatabaseId;
  /** Decoded path segments after `/documents` (may be empty). */
  readonly segments: readonly string[];
  /** The `:verb` suffix, if any. */
  readonly verb: string | null;
  readonly params: URLSearchParams;
  readonly body: unknown;
  readonly intEnums: boolean;
}

export interface RestResponse {
  readonly status: number;
  readonly body: unknown;
}

const ok = (body: unknown): RestResponse => ({ status: 200, body });

function encodeDoc(
  db: DatabaseId,
  doc: DocRecord,
  intEnums: boolean,
  mask: readonly FieldPath[] | null,
): JsonObject {
  if (!mask) return encodeDocument(db, doc, intEnums);
  return {
    name: fullName(db, doc.path),
    fields: Object.fromEntries(
      [...projectFields(doc.fields, mask)].map(([k, v]) => [k, encodeValue(v, intEnums)] as const),
    ),
    createTime: formatMicros(doc.createTime),
    updateTime: formatMicros(doc.updateTime),
  };
}

function parseMaskJson(json: unknown, what: string): FieldPath[] | null {
  if (json === undefined || json === null) return null;
  if (!isObject(json)) throw invalidArgument(`${what} must be a DocumentMask {fieldPaths}.`);
  const raw = asArray(json.fieldPaths, `${what}.fieldPaths`);
  return raw.map((p, i) => parseFieldPath(p, `${what}.fieldPaths[${i}]`));
}

function parseReadTime(raw: unknown, what: string): Micros {
  const ts = parseTimestamp(raw, what);
  return ts.seconds * 1_000_000 + Math.floor(ts.nanos / 1000);
}

interface ReadContext {
  readonly tx: Tx | null;
  /** Set when this request started the transaction (newTransaction). */
  readonly newTxId: string | null;
  readonly readTime: Micros;
}

export class RestApi {
  constructor(private readonly engine: Engine) {}

  private readContext(db: Database, body: JsonObject): ReadContext {
    const set = ["transaction", "newTransaction", "readTime"].filter(
      (k) => body[k] !== undefined && body[k] !== null,
    );
    if (set.length > 1)
      throw invalidArgument(
        `Only one of transaction, newTransaction, readTime may be set (got ${set.join(", ")}).`,
      );
    if (typeof body.transaction === "string") {
      const tx = this.engine.transactions.get(db, body.transaction);
      return { tx, newTxId: null, readTime: this.engine.readTime(db, tx.readTime) };
    }
    if (body.newTransaction !== undefined && body.newTransaction !== null) {
      const tx = this.beginFromOptions(db, body.newTransaction, "newTransaction");
      return { tx, newTxId: tx.id, readTime: this.engine.readTime(db, tx.readTime) };
    }
    if (body.readTime !== undefined && body.readTime !== null) {
      return {
        tx: null,
        newTxId: null,
        readTime: this.engine.readTime(db, parseReadTime(body.readTime, "readTime")),
      };
    }
    return { tx: null, newTxId: null, readTime: this.engine.readTime(db) };
  }

  private beginFromOptions(db: Database, options: unknown, what: string): Tx {
    if (options === undefined || options === null)
      return this.engine.transactions.begin(db, false, undefined);
    if (!isObject(options)) throw invalidArgument(`${what} must be TransactionOptions.`);
    if (isObject(options.readOnly)) {
      const rt = options.readOnly.readTime;
      const readTime =
        rt === undefined || rt === null ? undefined : parseReadTime(rt, `${what}.readOnly.readTime`);
      if (readTime !== undefined) this.engine.readTime(db, readTime);
      return this.engine.transactions.begin(db, true, readTime);
    }
    const rw = isObject(options.readWrite) ? options.readWrite : {};
    const retry =
      typeof rw.retryTransaction === "string" && rw.retryTransaction !== "" ? rw.retryTransaction : undefined;
    return this.engine.transactions.begin(db, false, undefined, retry);
  }

  async handle(req: RestRequest): Promise<RestResponse> {
    const db = this.engine.db(req.db);
    const body = req.body === undefined || req.body === null ? {} : req.body;
    if (!isObject(body)) throw invalidArgument("The request body must be a JSON object.");
    if (req.verb !== null) {
      if (req.method !== "POST") throw new FirestoreError("NOT_FOUND", `:${req.verb} needs POST.`);
      const atRoot = req.segments.length === 0;
      switch (req.verb) {
        case "batchGet":
          if (!atRoot) break;
          return this.batchGet(db, body, req.intEnums);
        case "commit":
          if (!atRoot) break;
          return this.commit(db, body);
        case "beginTransaction":
          if (!atRoot) break;
          return ok({ transaction: this.beginFromOptions(db, body.options, "options").id });
        case "rollback":
          if (!atRoot) break;
          if (typeof body.transaction !== "string") throw invalidArgument("rollback needs a transaction.");
          this.engine.transactions.abort(body.transaction, "rolled back");
          return ok({});
        case "batchWrite":
          if (!atRoot) break;
          return this.batchWrite(db, body);
        case "runQuery":
          return this.runQuery(db, req.segments, body, req.intEnums);
        case "runAggregationQuery":
          return this.runAggregation(db, req.segments, body, req.intEnums);
        case "listCollectionIds":
          return this.listCollectionIds(db, req.segments, body);
        case "partitionQuery":
          throw unimplemented("partitionQuery");
        case "listen":
          throw unimplemented("Listen over REST (use WebChannel or gRPC)");
        case "write":
          throw unimplemented("the Write stream over REST (use commit)");
        case "executePipeline":
          throw unimplemented("pipelines (executePipeline)");
        default:
          throw unimplemented(`the :${req.verb} method`);
      }
      throw invalidArgument(`:${req.verb} must be called on projects/{p}/databases/{d}/documents.`);
    }
    const isDoc = req.segments.length > 0 && req.segments.length % 2 === 0;
    switch (req.method) {
      case "GET":
        return isDoc ? this.getDocument(db, req) : this.listDocuments(db, req);
      case "PATCH":
        if (!isDoc) break;
        return this.patchDocument(db, req, body);
      case "DELETE":
        if (!isDoc) break;
        return this.deleteDocument(db, req);
      case "POST":
        if (isDoc || req.segments.length === 0) break;
        return this.createDocument(db, req, body);
    }
    throw new FirestoreError("NOT_FOUND", `No REST method ${req.method} for this path.`);
  }

  // -------------------------------------------------------------------------

  private async batchGet(db: Database, body: JsonObject, intEnums: boolean): Promise<RestResponse> {
    const names = asArray(body.documents, "documents");
    const paths = names.map((n, i) => parseDocumentName(db.id, n, `documents[${i}]`));
    const mask = parseMaskJson(body.mask, "mask");
    const ctx = this.readContext(db, body);
    if (ctx.tx && !ctx.tx.readOnly) await this.engine.transactions.lockAll(ctx.tx, paths);
    const readTime = ctx.tx ? this.engine.clock.peek() : ctx.readTime;
    const rt = formatMicros(readTime);
    const out: JsonObject[] = [];
    paths.forEach((path, i) => {
      const doc = db.get(path);
      if (ctx.tx) this.engine.transactions.recordRead(ctx.tx, path, doc?.updateTime);
      const entry: JsonObject = doc
        ? { found: encodeDoc(db.id, doc, intEnums, mask) }
        : { missing: names[i] };
      entry.readTime = rt;
      if (i === 0 && ctx.newTxId) entry.transaction = ctx.newTxId;
      out.push(entry);
    });
    if (out.length === 0 && ctx.newTxId) out.push({ transaction: ctx.newTxId, readTime: rt });
    return ok(out);
  }

  private parseWrites(db: Database, body: JsonObject): WriteOp[] {
    return asArray(body.writes, "writes").map((w, i) => parseWrite(db.id, w, `writes[${i}]`));
  }

  private commit(db: Database, body: JsonObject): RestResponse {
    const ops = this.parseWrites(db, body);
    const tx =
      typeof body.transaction === "string" && body.transaction !== ""
        ? this.engine.transactions.get(db, body.transaction)
        : undefined;
    const outcome = this.engine.commit(db, ops, tx);
    return ok({
      writeResults: outcome.writeResults.map((r) => {
        const o: JsonObject = {};
        if (r.updateTime !== undefined) o.updateTime = formatMicros(r.updateTime);
        if (r.transformResults.length > 0)
          o.transformResults = r.transformResults.map((v) => encodeValue(v, false));
        return o;
      }),
      commitTime: formatMicros(outcome.commitTime),
    });
  }

  private batchWrite(db: Database, body: JsonObject): RestResponse {
    const raw = asArray(body.writes, "writes");
    const seen = new Set<string>();
    const writeResults: JsonObject[] = [];
    const status: JsonObject[] = [];
    const ops = raw.map((w, i) => parseWrite(db.id, w, `writes[${i}]`));
    for (const op of ops) {
      if (seen.has(op.path))
        throw invalidArgument(`batchWrite cannot write ${fullName(db.id, op.path)} more than once.`);
      seen.add(op.path);
    }
    for (const op of ops) {
      try {
        const outcome = this.engine.commit(db, [op]);
        const r = outcome.writeResults[0];
        const o: JsonObject = {};
        if (r?.updateTime !== undefined) o.updateTime = formatMicros(r.updateTime);
        if (r && r.transformResults.length > 0)
          o.transformResults = r.transformResults.map((v) => encodeValue(v, false));
        writeResults.push(o);
        status.push({ code: 0 });
      } catch (err) {
        const e = toFirestoreError(err);
        writeResults.push({});
        status.push({ code: e.code, message: e.message });
      }
    }
    return ok({ writeResults, status });
  }

  private parentOf(segments: readonly string[]): string {
    if (segments.length % 2 !== 0)
      throw invalidArgument("The parent of a query must be the documents root or a document.");
    return segments.join("/");
  }

  private async runQuery(
    db: Database,
    segments: readonly string[],
    body: JsonObject,
    intEnums: boolean,
  ): Promise<RestResponse> {
    if (body.explainOptions !== undefined && body.explainOptions !== null)
      throw unimplemented("query explain (explainOptions)");
    const parent = this.parentOf(segments);
    if (body.structuredQuery === undefined || body.structuredQuery === null)
      throw invalidArgument("runQuery needs a structuredQuery.");
    const query = parseStructuredQuery(db.id, parent, body.structuredQuery);
    const ctx = this.readContext(db, body);
    const docs = runQuery(db, query);
    if (ctx.tx && !ctx.tx.readOnly) {
      const signature = (list: readonly DocRecord[]) =>
        list.map((d) => `${d.path}@${d.updateTime}`).join("\n");
      this.engine.transactions.recordQuery(ctx.tx, "a query", () => signature(runQuery(db, query)));
    }
    const rt = formatMicros(ctx.readTime);
    const out: JsonObject[] = docs.map((d) => ({
      document: encodeDoc(db.id, d, intEnums, query.select),
      readTime: rt,
    }));
    if (out.length === 0) out.push({ readTime: rt });
    if (ctx.newTxId) (out[0] as JsonObject).transaction = ctx.newTxId;
    return ok(out);
  }

  private async runAggregation(
    db: Database,
    segments: readonly string[],
    body: JsonObject,
    intEnums: boolean,
  ): Promise<RestResponse> {
    if (body.explainOptions !== undefined && body.explainOptions !== null)
      throw unimplemented("query explain (explainOptions)");
    const parent = this.parentOf(segments);
    if (body.structuredAggregationQuery === undefined || body.structuredAggregationQuery === null) {
      throw invalidArgument("runAggregationQuery needs a structuredAggregationQuery.");
    }
    const aq = parseAggregationQuery(db.id, parent, body.structuredAggregationQuery);
    const ctx = this.readContext(db, body);
    const compute = () => {
      const docs = runQuery(db, aq.query);
      const fields: JsonObject = {};
      for (const a of aq.aggregations) fields[a.alias] = encodeValue(aggregate(docs, a), intEnums);
      return fields;
    };
    const aggregateFields = compute();
    if (ctx.tx && !ctx.tx.readOnly) {
      this.engine.transactions.recordQuery(ctx.tx, "an aggregation", () => JSON.stringify(compute()));
    }
    const entry: JsonObject = { result: { aggregateFields }, readTime: formatMicros(ctx.readTime) };
    if (ctx.newTxId) entry.transaction = ctx.newTxId;
    return ok([entry]);
  }

  private listCollectionIds(db: Database, segments: readonly string[], body: JsonObject): RestResponse {
    const parent = this.parentOf(segments);
    if (body.readTime !== undefined && body.readTime !== null)
      this.engine.readTime(db, parseReadTime(body.readTime, "readTime"));
    const ids = db.listCollectionIds(parent).sort((a, b) => comparePaths([a], [b]));
    const pageSize = optInt32(body.pageSize, "pageSize") ?? 0;
    const after =
      typeof body.pageToken === "string" && body.pageToken !== ""
        ? Buffer.from(body.pageToken, "base64").toString("utf8")
        : null;
    let list = after === null ? ids : ids.filter((id) => comparePaths([id], [after]) > 0);
    let nextPageToken: string | undefined;
    if (pageSize > 0 && list.length > pageSize) {
      list = list.slice(0, pageSize);
      nextPageToken = Buffer.from(list[list.length - 1] as string, "utf8").toString("base64");
    }
    return ok(nextPageToken ? { collectionIds: list, nextPageToken } : { collectionIds: list });
  }

  private maskFromParams(params: URLSearchParams): FieldPath[] | null {
    const raw = params.getAll("mask.fieldPaths");
    if (raw.length === 0) return null;
    return raw.map((p, i) => parseFieldPath(p, `mask.fieldPaths[${i}]`));
  }

  private paramsReadContext(db: Database, params: URLSearchParams): ReadContext {
    const body: JsonObject = {};
    const tx = params.get("transaction");
    if (tx) body.transaction = tx;
    const rt = params.get("readTime");
    if (rt) body.readTime = rt;
    return this.readContext(db, body);
  }

  private async getDocument(db: Database, req: RestRequest): Promise<RestResponse> {
    const path = req.segments.join("/");
    const ctx = this.paramsReadContext(db, req.params);
    if (ctx.tx && !ctx.tx.readOnly) await this.engine.transactions.lockAll(ctx.tx, [path]);
    const doc = db.get(path);
    if (ctx.tx) this.engine.transactions.recordRead(ctx.tx, path, doc?.updateTime);
    if (!doc) throw notFound(`Document "${fullName(db.id, path)}" not found.`);
    return ok(encodeDoc(db.id, doc, req.intEnums, this.maskFromParams(req.params)));
  }

  private listDocuments(db: Database, req: RestRequest): RestResponse {
    if (req.segments.length === 0) throw invalidArgument("ListDocuments needs a collection id.");
    const colPath = req.segments.join("/");
    const p = req.params;
    const orderBy = p.get("orderBy");
    if (orderBy && orderBy.trim() !== "__name__" && orderBy.trim() !== "__name__ asc") {
      throw unimplemented(`ListDocuments orderBy=${orderBy} (only __name__ ordering)`);
    }
    this.paramsReadContext(db, p);
    const mask = this.maskFromParams(p);
    const showMissing = p.get("showMissing") === "true";
    const col = db.collections.get(colPath);
    const entries: Array<{ path: string; doc: DocRecord | undefined }> = col
      ? [...col.docs.values()].map((doc) => ({ path: doc.path, doc }))
      : [];
    if (showMissing) for (const path of db.missingDocuments(colPath)) entries.push({ path, doc: undefined });
    entries.sort((a, b) => comparePaths(a.path.split("/"), b.path.split("/")));
    const pageSize = Number(p.get("pageSize") ?? "0") || 0;
    const token = p.get("pageToken");
    let list = entries;
    if (token) {
      const after = Buffer.from(token, "base64").toString("utf8").split("/");
      list = list.filter((e) => comparePaths(e.path.split("/"), after) > 0);
    }
    let nextPageToken: string | undefined;
    if (pageSize > 0 && list.length > pageSize) {
      list = list.slice(0, pageSize);
      nextPageToken = Buffer.from((list[list.length - 1] as { path: string }).path, "utf8").toString(
        "base64",
      );
    }
    const documents = list.map((e) =>
      e.doc ? encodeDoc(db.id, e.doc, req.intEnums, mask) : { name: fullName(db.id, e.path) },
    );
    const out: JsonObject = { documents };
    if (nextPageToken) out.nextPageToken = nextPageToken;
    return ok(out);
  }

  private preconditionFromParams(params: URLSearchParams): JsonObject | undefined {
    const exists = params.get("currentDocument.exists");
    const updateTime = params.get("currentDocument.updateTime");
    if (exists !== null) return { exists: exists === "true" };
    if (updateTime !== null) return { updateTime };
    return undefined;
  }

  private patchDocument(db: Database, req: RestRequest, body: JsonObject): RestResponse {
    const path = req.segments.join("/");
    const maskPaths = req.params.getAll("updateMask.fieldPaths");
    const write: JsonObject = { update: { name: fullName(db.id, path), fields: body.fields ?? {} } };
    if (maskPaths.length > 0) write.updateMask = { fieldPaths: maskPaths };
    const pre = this.preconditionFromParams(req.params);
    if (pre) write.currentDocument = pre;
    this.engine.commit(db, [parseWrite(db.id, write)]);
    const doc = db.get(path);
    if (!doc) throw notFound(`Document "${fullName(db.id, path)}" not found.`);
    return ok(encodeDoc(db.id, doc, req.intEnums, this.maskFromParams(req.params)));
  }

  private deleteDocument(db: Database, req: RestRequest): RestResponse {
    const path = req.segments.join("/");
    const write: JsonObject = { delete: fullName(db.id, path) };
    const pre = this.preconditionFromParams(req.params);
    if (pre) write.currentDocument = pre;
    this.engine.commit(db, [parseWrite(db.id, write)]);
    return ok({});
  }

  private createDocument(db: Database, req: RestRequest, body: JsonObject): RestResponse {
    const id = req.params.get("documentId") || randomId();
    const path = `${req.segments.join("/")}/${id}`;
    validateWritablePath(path);
    decodeFields(body.fields, "fields");
    const write = {
      update: { name: fullName(db.id, path), fields: body.fields ?? {} },
      currentDocument: { exists: false },
    };
    this.engine.commit(db, [parseWrite(db.id, write)]);
    const doc = db.get(path) as DocRecord;
    return ok(encodeDoc(db.id, doc, req.intEnums, this.maskFromParams(req.params)));
  }
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function randomId(): string {
  let s = "";
  for (let i = 0; i < 20; i++) s += ID_CHARS[Math.floor(Math.random() * ID_CHARS.length)];
  return s;
}
