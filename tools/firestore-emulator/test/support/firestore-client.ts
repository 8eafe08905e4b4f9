// One signed-in user in their own browser context, driving the real Firestore browser SDK through the
// test page's `globalThis.fs` API. Reusable by app end-to-end tests that need a second "device".

import type { Browser, BrowserContext, Page } from "playwright-core";
import { waitUntil } from "./net.ts";
import type {
  AggregateSpec,
  DocWire,
  ListenOptions,
  ListenTarget,
  PageApi,
  PageConfig,
  QuerySpec,
  ReadSource,
  SnapshotEvent,
  Transport,
  WireMap,
  WriteOp,
} from "./page/protocol.ts";

export interface OpenClientOptions {
  /** URL of the test page (see `startStaticServer`). */
  pageUrl: string;
  config: PageConfig;
  /** Signs in with e-mail and password through the Auth emulator when given. */
  user?: { email: string; password: string };
  /** A label used in diagnostics. */
  name?: string;
}

type Method = keyof PageApi;
type Args<K extends Method> = Parameters<PageApi[K]>;
type Result<K extends Method> = Awaited<ReturnType<PageApi[K]>>;

export interface RecordedRequest {
  method: string;
  url: string;
  at: number;
}

export class FirestoreBrowserClient {
  /** Console messages and page errors, newest last (capped). */
  readonly logs: string[] = [];
  /** Requests the page sent to the Firestore origin, newest last (capped). */
  readonly requests: RecordedRequest[] = [];
  uid: string | null = null;

  private constructor(
    readonly name: string,
    readonly context: BrowserContext,
    readonly page: Page,
    readonly transport: Transport,
  ) {}

  static async open(browser: Browser, options: OpenClientOptions): Promise<FirestoreBrowserClient> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const client = new FirestoreBrowserClient(
      options.name ?? options.user?.email ?? "client",
      context,
      page,
      options.config.transport,
    );
    const firestoreOrigin = `http://${options.config.firestoreHost}:${options.config.firestorePort}`;
    page.on("console", (m) => client.log(`[console.${m.type()}] ${m.text()}`));
    page.on("pageerror", (e) => client.log(`[pageerror] ${e.message}`));
    page.on("request", (r) => {
      if (!r.url().startsWith(firestoreOrigin)) return;
      client.requests.push({ method: r.method(), url: r.url(), at: Date.now() });
      if (client.requests.length > 5_000) client.requests.splice(0, 1_000);
    });
    try {
      await page.goto(options.pageUrl);
      await page.waitForFunction(() => "fs" in globalThis);
      await client.call("init", options.config);
      if (options.user) client.uid = await client.call("signIn", options.user.email, options.user.password);
    } catch (e) {
      await context.close();
      throw e;
    }
    return client;
  }

  private log(line: string): void {
    this.logs.push(line);
    if (this.logs.length > 500) this.logs.splice(0, 100);
  }

  /** Calls `globalThis.fs[method](...args)` in the page. */
  async call<K extends Method>(method: K, ...args: Args<K>): Promise<Result<K>> {
    const result = await this.page.evaluate(
      ({ method, args }) => {
        const api = (globalThis as unknown as { fs: Record<string, (...a: unknown[]) => unknown> }).fs;
        const fn = api[method];
        if (!fn) throw new Error(`fs.${method} does not exist`);
        return fn(...args);
      },
      { method: method as string, args: args as unknown[] },
    );
    return result as Result<K>;
  }

  // ---- writes ----
  add(collection: string, data: WireMap): Promise<string> {
    return this.call("write", { op: "add", collection, data }).then((p) => p ?? "");
  }
  async set(
    path: string,
    data: WireMap,
    options: { merge?: boolean; mergeFields?: string[] } = {},
  ): Promise<void> {
    await this.call("write", { op: "set", path, data, ...options });
  }
  async update(path: string, data: WireMap): Promise<void> {
    await this.call("write", { op: "update", path, data });
  }
  async remove(path: string): Promise<void> {
    await this.call("write", { op: "delete", path });
  }
  write(op: WriteOp): Promise<string | null> {
    return this.call("write", op);
  }
  batch(ops: WriteOp[]): Promise<void> {
    return this.call("batch", ops);
  }

  // ---- reads ----
  get(path: string, source: ReadSource = "default"): Promise<DocWire> {
    return this.call("get", path, source);
  }
  query(spec: QuerySpec, source: ReadSource = "default"): Promise<DocWire[]> {
    return this.call("query", spec, source);
  }
  /** Ids of `query(spec)` in result order. */
  async ids(spec: QuerySpec, source: ReadSource = "default"): Promise<string[]> {
    return (await this.query(spec, source)).map((d) => d.id);
  }
  count(spec: QuerySpec): Promise<number> {
    return this.call("count", spec);
  }
  aggregate(spec: QuerySpec, fields: AggregateSpec): Promise<Record<string, number | null>> {
    return this.call("aggregate", spec, fields);
  }

  // ---- listeners ----
  async listen(id: string, target: ListenTarget, options: ListenOptions = {}): Promise<void> {
    await this.call("listen", id, target, options);
  }
  events(id: string, fromSeq = 0): Promise<SnapshotEvent[]> {
    return this.call("events", id, fromSeq);
  }
  async unlisten(id: string): Promise<void> {
    await this.call("unlisten", id);
  }
  async unlistenAll(): Promise<void> {
    await this.call("unlistenAll");
  }

  /**
   * Waits for the first event of listener `id` (at or after `fromSeq`) that satisfies `predicate`.
   * Fails fast if the listener reported an error, and explains what it saw on timeout.
   */
  async waitForEvent(
    id: string,
    predicate: (e: SnapshotEvent) => boolean,
    options: { timeoutMs?: number; fromSeq?: number; what?: string } = {},
  ): Promise<SnapshotEvent> {
    const { timeoutMs = 10_000 } = options;
    // Events are append-only: fetch only the ones not examined yet.
    let next = options.fromSeq ?? 0;
    return waitUntil(
      async () => {
        const events = await this.events(id, next);
        next += events.length;
        for (const e of events) {
          if (e.error) throw new Error(`${this.name}: listener ${id} failed: ${JSON.stringify(e.error)}`);
          if (predicate(e)) return e;
        }
        return undefined;
      },
      { timeoutMs, describe: () => this.describeListener(id, `no event ${options.what ?? "matching"}`) },
    );
  }

  /** Waits until the latest event of listener `id` satisfies `predicate` (useful for "settled" states). */
  async waitForLatest(
    id: string,
    predicate: (e: SnapshotEvent) => boolean,
    options: { timeoutMs?: number; what?: string } = {},
  ): Promise<SnapshotEvent> {
    return waitUntil(
      async () => {
        const last = await this.call("lastEvent", id);
        if (last?.error)
          throw new Error(`${this.name}: listener ${id} failed: ${JSON.stringify(last.error)}`);
        return last && predicate(last) ? last : undefined;
      },
      {
        timeoutMs: options.timeoutMs ?? 10_000,
        describe: () => this.describeListener(id, `latest event not ${options.what ?? "matching"}`),
      },
    );
  }

  private async describeListener(id: string, problem: string): Promise<string> {
    const count = await this.call("eventCount", id).catch(() => 0);
    const last = await this.events(id, Math.max(0, count - 3)).catch(() => []);
    const text = JSON.stringify(last);
    return `${this.name}: listener ${id}: ${problem} in ${count} events; last: ${text.length > 4_000 ? `${text.slice(0, 4_000)}…` : text}\nrecent page logs:\n${this.logs.slice(-15).join("\n")}`;
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
