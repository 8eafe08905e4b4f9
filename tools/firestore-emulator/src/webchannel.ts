/**
 * WebChannel (VER=8) transport for the Listen and Write streams of the browser SDK:
 * handshake, forward channel, streaming and long-polling backchannels, acks (AID),
 * noops, Unknown SID and terminate. One session = one stream.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Engine } from "./engine.ts";
import { type FirestoreError, invalidArgument, toFirestoreError } from "./errors.ts";
import { ListenStream, type StreamSink } from "./listen.ts";
import type { Logger } from "./log.ts";
import { type DatabaseId, parseDatabaseName } from "./paths.ts";
import { WriteStream } from "./write-stream.ts";

export type StreamKind = "Listen" | "Write";

const NOOP_INTERVAL_MS = 20_000;
const LONG_POLL_HOLD_MS = 20_000;
const SESSION_IDLE_MS = 60_000;
const MAX_STREAM_BYTES = 1 << 20;
const MAX_STREAM_AGE_MS = 5 * 60_000;

interface Backchannel {
  readonly res: ServerResponse;
  readonly streaming: boolean;
  readonly openedAt: number;
  /** Highest array id written on this backchannel. */
  sentUpTo: number;
  bytes: number;
  lastWrite: number;
  wroteAny: boolean;
}

interface Entry {
  readonly id: number;
  readonly text: string;
}

function escapeNonAscii(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching non-ASCII on purpose
  if (!/[^\x00-\x7f]/.test(s)) return s;
  return s.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** `<length>\n<json>`; the json is ASCII so its UTF-16 length equals its byte length. */
function chunk(json: string): string {
  return `${json.length}\n${json}`;
}

function writeHeaders(res: ServerResponse, status = 200): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache, no-store, max-age=0, must-revalidate");
  res.setHeader("X-Content-Type-Options", "nosniff");
}

class Session implements StreamSink {
  readonly queue: Entry[] = [];
  nextId = 1;
  lastClientMsg = -1;
  backchannel: Backchannel | null = null;
  lastActivity = Date.now();
  closing = false;
  destroyed = false;
  private flushScheduled = false;
  readonly stream: ListenStream | WriteStream;

  constructor(
    readonly sid: string,
    readonly kind: StreamKind,
    readonly db: DatabaseId,
    private readonly server: WebChannelServer,
    engine: Engine,
  ) {
    this.stream = kind === "Listen" ? new ListenStream(engine, db, this) : new WriteStream(engine, db, this);
  }

  // StreamSink
  send(json: string): void {
    if (this.destroyed || this.closing) return;
    this.enqueue(`[${escapeNonAscii(json)}]`);
  }

  fail(err: FirestoreError): void {
    if (this.destroyed || this.closing) return;
    this.server.log.debug(`${this.kind} ${this.sid} stream error ${err.status}: ${err.message}`);
    this.enqueue(`[${escapeNonAscii(JSON.stringify({ error: err.toRpcStatus() }))}]`);
    this.enqueue(`["close"]`);
    this.closing = true;
    this.stream.close();
  }

  enqueue(payload: string): void {
    const id = this.nextId++;
    this.queue.push({ id, text: `[${id},${payload}]` });
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        try {
          this.flush();
        } catch (err) {
          this.server.log.error(
            `${this.kind} ${this.sid} flush failed: ${err instanceof Error ? err.message : String(err)}`,
          );
          this.backchannel = null;
        }
      });
    }
  }

  ack(aid: number): void {
    let n = 0;
    while (n < this.queue.length && (this.queue[n] as Entry).id <= aid) n++;
    if (n > 0) this.queue.splice(0, n);
  }

  get lastId(): number {
    return this.nextId - 1;
  }

  flush(): void {
    const bc = this.backchannel;
    if (!bc) return;
    // Entries are ordered by id and unsent ones sit at the tail.
    let first = this.queue.length;
    while (first > 0 && (this.queue[first - 1] as Entry).id > bc.sentUpTo) first--;
    if (first === this.queue.length) return;
    const pending = this.queue.slice(first);
    const text = chunk(`[${pending.map((e) => e.text).join(",")}]`);
    bc.sentUpTo = (pending[pending.length - 1] as Entry).id;
    bc.bytes += text.length;
    bc.lastWrite = Date.now();
    bc.wroteAny = true;
    if (!bc.streaming) {
      this.backchannel = null;
      bc.res.end(text);
      this.lastActivity = Date.now();
      return;
    }
    bc.res.write(text);
    // Long-lived streams are recycled so the client's acknowledgements (AID) trim the queue.
    if (bc.bytes > MAX_STREAM_BYTES || Date.now() - bc.openedAt > MAX_STREAM_AGE_MS || this.closing)
      this.endBackchannel();
  }

  attach(res: ServerResponse, streaming: boolean, aid: number): void {
    this.ack(aid);
    if (this.backchannel) this.endBackchannel();
    const bc: Backchannel = {
      res,
      streaming,
      openedAt: Date.now(),
      sentUpTo: aid,
      bytes: 0,
      lastWrite: Date.now(),
      wroteAny: false,
    };
    this.backchannel = bc;
    writeHeaders(res);
    res.on("close", () => {
      if (this.backchannel === bc) {
        this.backchannel = null;
        this.lastActivity = Date.now();
      }
    });
    if (streaming) {
      res.flushHeaders();
      // Bytes at once tell the client there is no buffering proxy; otherwise it falls back to long polling.
      if (!this.queue.some((e) => e.id > aid)) this.enqueue(`["noop"]`);
    }
    this.flush();
  }

  /** Ends the current backchannel (never with an empty body). */
  endBackchannel(): void {
    const bc = this.backchannel;
    if (!bc) return;
    this.backchannel = null;
    if (!bc.wroteAny) {
      const id = this.nextId++;
      const entry = { id, text: `[${id},["noop"]]` };
      this.queue.push(entry);
      bc.res.end(chunk(`[${entry.text}]`));
    } else {
      bc.res.end();
    }
    this.lastActivity = Date.now();
  }

  /** Periodic upkeep: noops, long-poll timeouts. Returns false when the session should be removed. */
  tick(now: number): boolean {
    const bc = this.backchannel;
    if (bc) {
      if (bc.streaming && now - bc.lastWrite >= NOOP_INTERVAL_MS) this.enqueue(`["noop"]`);
      if (!bc.streaming && now - bc.openedAt >= LONG_POLL_HOLD_MS) this.enqueue(`["noop"]`);
      return true;
    }
    if (this.closing && now - this.lastActivity > 5_000) return false;
    return now - this.lastActivity < SESSION_IDLE_MS;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stream.close();
    const bc = this.backchannel;
    this.backchannel = null;
    if (bc) {
      if (!bc.wroteAny) bc.res.end(chunk(`[[${this.nextId++},["close"]]]`));
      else bc.res.end();
    }
  }
}

function parseForm(body: string): URLSearchParams {
  return new URLSearchParams(body);
}

export class WebChannelServer {
  private readonly sessions = new Map<string, Session>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly engine: Engine,
    readonly log: Logger,
  ) {
    this.timer = setInterval(() => this.sweep(), 1_000);
    this.timer.unref();
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [sid, s] of this.sessions) {
      try {
        if (!s.tick(now)) {
          this.log.debug(`${s.kind} ${sid} session removed (idle)`);
          s.destroy();
          this.sessions.delete(sid);
        }
      } catch (err) {
        this.log.error(`${s.kind} ${sid} upkeep failed: ${err instanceof Error ? err.message : String(err)}`);
        this.sessions.delete(sid);
      }
    }
  }

  private unknownSid(res: ServerResponse): void {
    writeHeaders(res, 400);
    res.end("Error 400 (Bad Request): Unknown SID");
  }

  /** Handles `/google.firestore.v1.Firestore/{Listen|Write}/channel` requests. */
  handle(kind: StreamKind, req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
    const q = url.searchParams;
    const sid = q.get("SID");
    const type = q.get("TYPE");
    if (type === "terminate") {
      const s = sid ? this.sessions.get(sid) : undefined;
      if (s) {
        this.log.debug(`${kind} ${sid} terminated by client`);
        s.destroy();
        this.sessions.delete(s.sid);
      }
      writeHeaders(res);
      res.end("");
      return;
    }
    if (!sid) {
      if (req.method !== "POST") {
        writeHeaders(res, 400);
        res.end("Error 400 (Bad Request): a WebChannel handshake must be a POST");
        return;
      }
      this.handshake(kind, res, q, body);
      return;
    }
    const s = this.sessions.get(sid);
    if (!s || s.kind !== kind || s.destroyed) {
      this.unknownSid(res);
      return;
    }
    s.lastActivity = Date.now();
    const aid = Number(q.get("AID") ?? "-1");
    if (req.method === "GET") {
      if (q.get("RID") !== "rpc") {
        writeHeaders(res, 400);
        res.end("Error 400 (Bad Request): backchannel requests need RID=rpc");
        return;
      }
      if (this.log.verbose) this.log.debug(`${kind} ${sid} backchannel CI=${q.get("CI")} AID=${aid}`);
      s.attach(res, q.get("CI") !== "1", Number.isFinite(aid) ? aid : -1);
      return;
    }
    if (Number.isFinite(aid)) s.ack(aid);
    this.deliver(s, parseForm(body));
    writeHeaders(res);
    res.end(chunk(`[${s.backchannel ? 1 : 0},${s.lastId},0]`));
  }

  private handshake(kind: StreamKind, res: ServerResponse, q: URLSearchParams, body: string): void {
    const form = parseForm(body);
    let db: DatabaseId;
    try {
      const dbParam = q.get("database");
      if (!dbParam) throw invalidArgument("The WebChannel handshake needs a database URL parameter.");
      db = parseDatabaseName(dbParam);
    } catch (err) {
      writeHeaders(res, 400);
      res.end(`Error 400 (Bad Request): ${toFirestoreError(err).message}`);
      return;
    }
    const sid = randomBytes(12).toString("hex");
    const session = new Session(sid, kind, db, this, this.engine);
    this.sessions.set(sid, session);
    const headers = form.get("headers") ?? "";
    const auth = /authorization:\s*Bearer\s+(\S+)/i.exec(headers);
    this.log.debug(
      `${kind} ${sid} opened for ${db.project}/${db.database}${auth ? " (with a bearer token)" : ""}`,
    );
    writeHeaders(res);
    res.end(chunk(`[[0,["c","${sid}","",8,14]]]`));
    this.deliver(session, form);
  }

  /** Runs the client messages of a forward request (dropping duplicates by id). */
  private deliver(s: Session, form: URLSearchParams): void {
    const count = Number(form.get("count") ?? "0");
    const ofs = Number(form.get("ofs") ?? "0");
    if (!Number.isInteger(count) || !Number.isInteger(ofs) || count < 0) {
      s.fail(invalidArgument("Malformed WebChannel request (count/ofs)."));
      return;
    }
    for (let i = 0; i < count; i++) {
      const msgId = ofs + i;
      if (msgId <= s.lastClientMsg) continue;
      s.lastClientMsg = msgId;
      if (s.closing || s.destroyed) return;
      const raw = form.get(`req${i}___data__`);
      try {
        if (raw === null) throw invalidArgument(`WebChannel message ${msgId} has no __data__ field.`);
        let msg: unknown;
        try {
          msg = JSON.parse(raw);
        } catch {
          throw invalidArgument(`WebChannel message ${msgId} is not valid JSON.`);
        }
        if (this.log.verbose)
          this.log.debug(`${s.kind} ${s.sid} <- ${raw.length > 300 ? `${raw.slice(0, 300)}…` : raw}`);
        s.stream.handle(msg);
      } catch (err) {
        const e = toFirestoreError(err);
        if (e.status === "INTERNAL") this.log.error(`${s.kind} stream: ${e.message}`);
        s.fail(e);
        return;
      }
    }
  }

  closeAll(): void {
    clearInterval(this.timer);
    for (const s of this.sessions.values()) s.destroy();
    this.sessions.clear();
  }
}
