/**
 * A small XMLHttpRequest for Node (node:http), enough for the Firestore browser build's
 * WebChannel and REST calls: streaming responseText at readyState 3, abort, headers.
 * Lets tests and the bench drive the real browser SDK protocol without a browser.
 */
import { Agent, type ClientRequest, type IncomingMessage, request } from "node:http";

/** Browsers keep connections alive; so does the shim (streams hold their own socket). */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

type Handler = ((this: NodeXhr, ev: { type: string; target: NodeXhr }) => void) | null;

export class NodeXhr {
  static readonly UNSENT = 0;
  static readonly OPENED = 1;
  static readonly HEADERS_RECEIVED = 2;
  static readonly LOADING = 3;
  static readonly DONE = 4;

  readyState = 0;
  status = 0;
  statusText = "";
  responseText = "";
  responseType = "";
  withCredentials = false;
  timeout = 0;
  onreadystatechange: Handler = null;
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  ontimeout: Handler = null;
  private method = "GET";
  private url = "";
  private headers: Record<string, string> = {};
  private req: ClientRequest | null = null;
  private res: IncomingMessage | null = null;
  private aborted = false;
  private readonly listeners = new Map<string, Set<(ev: { type: string; target: NodeXhr }) => void>>();

  get response(): string {
    return this.responseText;
  }

  open(method: string, url: string): void {
    this.method = method.toUpperCase();
    this.url = url;
    this.headers = {};
    this.responseText = "";
    this.status = 0;
    this.aborted = false;
    this.setState(1);
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  overrideMimeType(): void {}

  addEventListener(type: string, fn: (ev: { type: string; target: NodeXhr }) => void): void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(fn);
  }

  removeEventListener(type: string, fn: (ev: { type: string; target: NodeXhr }) => void): void {
    this.listeners.get(type)?.delete(fn);
  }

  private emit(type: string): void {
    const ev = { type, target: this };
    const prop = (this as unknown as Record<string, unknown>)[`on${type}`];
    if (typeof prop === "function") (prop as (e: typeof ev) => void).call(this, ev);
    for (const fn of this.listeners.get(type) ?? []) fn.call(this, ev);
  }

  private setState(state: number): void {
    this.readyState = state;
    this.emit("readystatechange");
  }

  send(body?: string | null): void {
    const u = new URL(this.url);
    const req = request(
      {
        method: this.method,
        hostname: u.hostname,
        port: u.port,
        path: `${u.pathname}${u.search}`,
        headers: { ...this.headers, ...(body ? { "Content-Length": Buffer.byteLength(body) } : {}) },
        agent,
      },
      (res) => {
        if (this.aborted) {
          res.destroy();
          return;
        }
        this.res = res;
        this.status = res.statusCode ?? 0;
        this.statusText = res.statusMessage ?? "";
        this.setState(2);
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (this.aborted) return;
          this.responseText += chunk;
          this.setState(3);
        });
        res.on("end", () => {
          if (this.aborted) return;
          this.setState(4);
          this.emit("load");
        });
        res.on("error", () => this.fail());
      },
    );
    this.req = req;
    req.on("error", () => this.fail());
    if (this.timeout > 0)
      req.setTimeout(this.timeout, () => {
        req.destroy();
        if (!this.aborted) {
          this.aborted = true;
          this.readyState = 4;
          this.emit("timeout");
        }
      });
    if (body) req.write(body);
    req.end();
  }

  private fail(): void {
    if (this.aborted || this.readyState === 4) return;
    this.status = 0;
    this.setState(4);
    this.emit("error");
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.req?.destroy();
    this.res?.destroy();
    if (this.readyState > 0 && this.readyState < 4) {
      this.readyState = 4;
      this.emit("readystatechange");
      this.emit("abort");
    }
    this.readyState = 0;
  }

  getResponseHeader(name: string): string | null {
    const v = this.res?.headers[name.toLowerCase()];
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(", ") : String(v);
  }

  getAllResponseHeaders(): string {
    if (!this.res) return "";
    return Object.entries(this.res.headers)
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : String(v)}`)
      .join("\r\n");
  }
}

/** Installs the shim as the global XMLHttpRequest (idempotent). */
export function installNodeXhr(): void {
  const g = globalThis as unknown as { XMLHttpRequest?: unknown };
  if (!g.XMLHttpRequest) g.XMLHttpRequest = NodeXhr;
}
