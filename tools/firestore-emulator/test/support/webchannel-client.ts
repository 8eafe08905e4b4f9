/**
 * A minimal WebChannel (VER=8) client for protocol tests and the bench: handshake,
 * forward messages, streaming backchannel with chunk parsing.
 */
import { type IncomingMessage, request } from "node:http";

export interface RawResponse {
  status: number;
  body: string;
  headers: IncomingMessage["headers"];
}

export function httpRequest(
  url: string,
  method: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        method,
        hostname: u.hostname,
        port: u.port,
        path: `${u.pathname}${u.search}`,
        headers: { ...headers, ...(body !== undefined ? { "Content-Length": Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Splits `<len>\n<json>` chunks; returns parsed arrays and the unparsed rest. */
export function parseChunks(text: string): { chunks: unknown[]; rest: string } {
  const chunks: unknown[] = [];
  let pos = 0;
  for (;;) {
    const nl = text.indexOf("\n", pos);
    if (nl < 0) break;
    const len = Number(text.slice(pos, nl));
    if (!Number.isFinite(len) || nl + 1 + len > text.length) break;
    chunks.push(JSON.parse(text.slice(nl + 1, nl + 1 + len)));
    pos = nl + 1 + len;
  }
  return { chunks, rest: text.slice(pos) };
}

export type Entry = [number, unknown[]];

export class Backchannel {
  readonly entries: Entry[] = [];
  private waiters: Array<() => void> = [];
  ended = false;
  private res: IncomingMessage | null = null;

  constructor(url: string) {
    const u = new URL(url);
    const req = request(
      { method: "GET", hostname: u.hostname, port: u.port, path: `${u.pathname}${u.search}` },
      (res) => {
        this.res = res;
        let buf = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          buf += c;
          const { chunks, rest } = parseChunks(buf);
          buf = rest;
          for (const ch of chunks) for (const e of ch as Entry[]) this.entries.push(e);
          this.wake();
        });
        res.on("end", () => {
          this.ended = true;
          this.wake();
        });
      },
    );
    req.on("error", () => {
      this.ended = true;
      this.wake();
    });
    req.end();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Waits until `pred` holds for the received entries. */
  async waitFor(pred: (entries: Entry[]) => boolean, timeoutMs = 5000): Promise<Entry[]> {
    const deadline = Date.now() + timeoutMs;
    while (!pred(this.entries)) {
      if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(this.entries)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.entries;
  }

  close(): void {
    this.res?.destroy();
  }
}

export class WebChannelClient {
  sid = "";
  private nextOfs = 0;
  private rid = 1000;
  readonly base: string;

  constructor(
    url: string,
    readonly kind: "Listen" | "Write",
    readonly database: string,
  ) {
    this.base = `${url}/google.firestore.v1.Firestore/${kind}/channel`;
  }

  private q(extra: Record<string, string | number>): string {
    const p = new URLSearchParams({ VER: "8", database: this.database });
    for (const [k, v] of Object.entries(extra)) p.set(k, String(v));
    return `${this.base}?${p.toString()}`;
  }

  static form(messages: unknown[], ofs: number, headers?: string): string {
    const parts: string[] = [];
    if (headers !== undefined) parts.push(`headers=${encodeURIComponent(headers)}`);
    parts.push(`count=${messages.length}`, `ofs=${ofs}`);
    messages.forEach((m, i) => {
      parts.push(`req${i}___data__=${encodeURIComponent(JSON.stringify(m))}`);
    });
    return parts.join("&");
  }

  async open(first: unknown): Promise<RawResponse> {
    const res = await httpRequest(
      this.q({ RID: this.rid++, CVER: 22, "X-HTTP-Session-Id": "gsessionid", t: 1 }),
      "POST",
      WebChannelClient.form([first], 0, "Authorization:Bearer owner\r\n"),
      { "Content-Type": "application/x-www-form-urlencoded" },
    );
    const { chunks } = parseChunks(res.body);
    const first0 = (chunks[0] as Entry[])[0] as Entry;
    this.sid = (first0[1] as string[])[1] as string;
    this.nextOfs = 1;
    return res;
  }

  send(messages: unknown[], aid = 0, ofs?: number): Promise<RawResponse> {
    const o = ofs ?? this.nextOfs;
    if (ofs === undefined) this.nextOfs += messages.length;
    return httpRequest(
      this.q({ SID: this.sid, RID: this.rid++, AID: aid, t: 1 }),
      "POST",
      WebChannelClient.form(messages, o),
      { "Content-Type": "application/x-www-form-urlencoded" },
    );
  }

  backchannel(aid: number, ci: 0 | 1 = 0): Backchannel {
    return new Backchannel(this.q({ RID: "rpc", SID: this.sid, AID: aid, CI: ci, TYPE: "xmlhttp", t: 1 }));
  }

  terminate(): Promise<RawResponse> {
    return httpRequest(this.q({ SID: this.sid, RID: this.rid++, TYPE: "terminate" }), "GET");
  }
}

/** Payloads (not noops) of backchannel entries. */
export function payloads(entries: Entry[]): unknown[] {
  return entries.map((e) => e[1][0]).filter((p) => p !== "noop");
}
