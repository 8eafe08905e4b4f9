import { beforeEach, describe, expect, it } from "vitest";
import type { Engine } from "../../src/engine.ts";
import type { FirestoreError } from "../../src/errors.ts";
import { ListenStream, type StreamSink } from "../../src/listen.ts";
import type { Database } from "../../src/store.ts";
import { DB, fieldFilter, newEngine, ROOT, setDoc, write } from "./helpers.ts";

type Msg = Record<string, Record<string, unknown>>;

class Sink implements StreamSink {
  messages: Msg[] = [];
  failed: FirestoreError | null = null;
  send(json: string): void {
    this.messages.push(JSON.parse(json) as Msg);
  }
  fail(err: FirestoreError): void {
    this.failed = err;
  }
  take(): Msg[] {
    const m = this.messages;
    this.messages = [];
    return m;
  }
}

/** Compact description: "ADD 1", "doc c/a +1", "del c/a -1", "CURRENT 1", "GLOBAL". */
function describeMsgs(msgs: Msg[]): string[] {
  return msgs.map((m) => {
    if (m.targetChange) {
      const tc = m.targetChange as {
        targetChangeType?: string;
        targetIds?: number[];
        cause?: { code: number };
      };
      if (!tc.targetChangeType) return "GLOBAL";
      return `${tc.targetChangeType} ${(tc.targetIds ?? []).join(",")}${tc.cause ? ` cause=${tc.cause.code}` : ""}`;
    }
    if (m.documentChange) {
      const dc = m.documentChange as {
        document: { name: string };
        targetIds?: number[];
        removedTargetIds?: number[];
      };
      const p = dc.document.name.slice(ROOT.length + 1);
      const add = (dc.targetIds ?? []).map((t) => `+${t}`);
      const rem = (dc.removedTargetIds ?? []).map((t) => `-${t}`);
      return `doc ${p} ${[...add, ...rem].join(" ")}`;
    }
    if (m.documentDelete) {
      const dd = m.documentDelete as { document: string; removedTargetIds: number[] };
      return `del ${dd.document.slice(ROOT.length + 1)} ${dd.removedTargetIds.map((t) => `-${t}`).join(" ")}`;
    }
    if (m.documentRemove) {
      const dr = m.documentRemove as { document: string; removedTargetIds: number[] };
      return `remove ${dr.document.slice(ROOT.length + 1)} ${dr.removedTargetIds.map((t) => `-${t}`).join(" ")}`;
    }
    return JSON.stringify(m);
  });
}

let engine: Engine;
let db: Database;
let sink: Sink;
let stream: ListenStream;

const queryTarget = (targetId: number, structuredQuery: unknown, extra: Record<string, unknown> = {}) => ({
  database: "projects/unit/databases/(default)",
  addTarget: { targetId, query: { parent: ROOT, structuredQuery }, ...extra },
});

beforeEach(() => {
  ({ engine, db } = newEngine());
  sink = new Sink();
  stream = new ListenStream(engine, DB, sink);
  setDoc(engine, db, "rooms/a", { open: true, n: 1 });
  setDoc(engine, db, "rooms/b", { open: false, n: 2 });
});

describe("query targets", () => {
  it("sends ADD, matching documents, CURRENT and a global snapshot", () => {
    stream.handle(
      queryTarget(2, { from: [{ collectionId: "rooms" }], where: fieldFilter("open", "EQUAL", true) }),
    );
    expect(describeMsgs(sink.take())).toEqual(["ADD 2", "doc rooms/a +2", "CURRENT 2", "GLOBAL"]);
  });

  it("streams additions, modifications, removals when a document stops matching, and deletions", () => {
    stream.handle(
      queryTarget(2, { from: [{ collectionId: "rooms" }], where: fieldFilter("open", "EQUAL", true) }),
    );
    sink.take();
    setDoc(engine, db, "rooms/b", { open: true, n: 2 });
    expect(describeMsgs(sink.take())).toEqual(["doc rooms/b +2", "GLOBAL"]);
    setDoc(engine, db, "rooms/a", { open: false, n: 1 });
    expect(describeMsgs(sink.take())).toEqual(["doc rooms/a -2", "GLOBAL"]);
    write(engine, db, { delete: `${ROOT}/rooms/b` });
    expect(describeMsgs(sink.take())).toEqual(["del rooms/b -2", "GLOBAL"]);
    // Unrelated changes send nothing.
    setDoc(engine, db, "rooms/a", { open: false, n: 5 });
    setDoc(engine, db, "other/x", { open: true });
    expect(sink.take()).toEqual([]);
  });

  it("global snapshots carry a readTime at least the version of the documents they cover", () => {
    stream.handle(queryTarget(2, { from: [{ collectionId: "rooms" }] }));
    sink.take();
    setDoc(engine, db, "rooms/c", { open: true });
    const msgs = sink.take();
    const doc = msgs[0]?.documentChange as { document: { updateTime: string } };
    const global = msgs[1]?.targetChange as { readTime: string; resumeToken: string };
    expect(global.readTime >= doc.document.updateTime).toBe(true);
    expect(global.resumeToken).toBeTruthy();
  });

  it("re-fills a limit query from the next matching document", () => {
    setDoc(engine, db, "rooms/c", { open: true, n: 3 });
    setDoc(engine, db, "rooms/d", { open: true, n: 4 });
    stream.handle(
      queryTarget(4, {
        from: [{ collectionId: "rooms" }],
        orderBy: [{ field: { fieldPath: "n" } }],
        limit: 2,
      }),
    );
    expect(describeMsgs(sink.take())).toEqual([
      "ADD 4",
      "doc rooms/a +4",
      "doc rooms/b +4",
      "CURRENT 4",
      "GLOBAL",
    ]);
    write(engine, db, { delete: `${ROOT}/rooms/a` });
    expect(describeMsgs(sink.take()).sort()).toEqual(["GLOBAL", "del rooms/a -4", "doc rooms/c +4"].sort());
    setDoc(engine, db, "rooms/z", { open: true, n: 0 });
    expect(describeMsgs(sink.take()).sort()).toEqual(
      ["GLOBAL", "doc rooms/z +4", "remove rooms/c -4"].sort(),
    );
  });

  it("several targets on one stream share one documentChange", () => {
    stream.handle(queryTarget(2, { from: [{ collectionId: "rooms" }] }));
    stream.handle(
      queryTarget(4, { from: [{ collectionId: "rooms" }], where: fieldFilter("n", "GREATER_THAN", 1) }),
    );
    sink.take();
    setDoc(engine, db, "rooms/q", { n: 9 });
    expect(describeMsgs(sink.take())).toEqual(["doc rooms/q +2 +4", "GLOBAL"]);
  });

  it("resume (resumeToken) answers RESET and the full current set", () => {
    stream.handle(queryTarget(2, { from: [{ collectionId: "rooms" }] }, { resumeToken: "djE6MQ==" }));
    expect(describeMsgs(sink.take())).toEqual([
      "ADD 2",
      "RESET 2",
      "doc rooms/a +2",
      "doc rooms/b +2",
      "CURRENT 2",
      "GLOBAL",
    ]);
  });

  it("removeTarget stops updates and answers REMOVE", () => {
    stream.handle(queryTarget(2, { from: [{ collectionId: "rooms" }] }));
    stream.handle({ removeTarget: 2 });
    expect(describeMsgs(sink.take()).slice(-1)).toEqual(["REMOVE 2"]);
    setDoc(engine, db, "rooms/c", {});
    expect(sink.take()).toEqual([]);
    expect(engine.listeners.targetCount).toBe(0);
  });

  it("rejects a bad query with REMOVE + cause instead of breaking the stream", () => {
    stream.handle(queryTarget(6, { from: [{ collectionId: "rooms" }], where: fieldFilter("n", "IN", 1) }));
    expect(describeMsgs(sink.take())).toEqual(["REMOVE 6 cause=3"]);
    stream.handle(queryTarget(8, { from: [{ collectionId: "rooms" }], findNearest: {} }));
    expect(describeMsgs(sink.take())).toEqual(["REMOVE 8 cause=12"]);
    expect(sink.failed).toBeNull();
  });

  it("collection group targets see subcollection documents anywhere", () => {
    stream.handle(queryTarget(2, { from: [{ collectionId: "messages", allDescendants: true }] }));
    sink.take();
    setDoc(engine, db, "rooms/a/messages/m1", { text: "ciao" });
    expect(describeMsgs(sink.take())).toEqual(["doc rooms/a/messages/m1 +2", "GLOBAL"]);
  });
});

describe("document targets", () => {
  it("tracks one document through create, update and delete", () => {
    stream.handle({ addTarget: { targetId: 2, documents: { documents: [`${ROOT}/rooms/new`] } } });
    expect(describeMsgs(sink.take())).toEqual(["ADD 2", "CURRENT 2", "GLOBAL"]);
    setDoc(engine, db, "rooms/new", { v: 1 });
    expect(describeMsgs(sink.take())).toEqual(["doc rooms/new +2", "GLOBAL"]);
    setDoc(engine, db, "rooms/new", { v: 2 });
    expect(describeMsgs(sink.take())).toEqual(["doc rooms/new +2", "GLOBAL"]);
    write(engine, db, { delete: `${ROOT}/rooms/new` });
    expect(describeMsgs(sink.take())).toEqual(["del rooms/new -2", "GLOBAL"]);
  });

  it("malformed requests fail the stream", () => {
    expect(() =>
      stream.handle({ addTarget: { targetId: 2, documents: { documents: ["nope"] } } }),
    ).not.toThrow();
    expect(describeMsgs(sink.take())).toEqual(["REMOVE 2 cause=3"]);
    expect(() => stream.handle({ foo: 1 })).toThrow(/addTarget or removeTarget/);
  });
});
