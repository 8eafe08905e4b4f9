import { describe, expect, it } from "vitest";
import captured from "./captured-payloads.json";
import {
  channelFrames,
  documentPath,
  listenRequestEvents,
  listenResponseEvents,
  restReads,
} from "./firestore-traffic";

// Payloads captured from the production build on the demo marketplace (see the file's `_about`).
const {
  CONVERSATIONS_QUERY,
  EMPTY_BLOCKS_QUERY,
  LISTEN_EMPTY_CURRENT,
  LISTEN_OPEN_POST,
  LISTEN_QUERIES_POST,
  LISTEN_USER_STREAM,
  MESSAGES_QUERY,
  OFFERS_COUNT,
  USER_BATCH_GET,
} = captured;

const reads = (payload: { url: string; body: string; answer: string }) =>
  restReads(payload.url, payload.body, payload.answer);

describe("Firestore Lite's REST answers", () => {
  it("counts a batchGet's found document", () => {
    expect(reads(USER_BATCH_GET)).toEqual([{ kind: "document", path: "users/demo-acquirente", via: "rest" }]);
  });

  it("counts a missing document as a billed read", () => {
    const answer = JSON.stringify([{ missing: "projects/p/databases/(default)/documents/users/gone" }]);
    expect(restReads(USER_BATCH_GET.url, USER_BATCH_GET.body, answer)).toEqual([
      { kind: "empty", via: "rest", label: "missing users/gone" },
    ]);
  });

  it("counts each document of a runQuery answer, by path", () => {
    expect(reads(CONVERSATIONS_QUERY).map((event) => event.kind === "document" && event.path)).toEqual([
      "conversations/demo-req-caricatore_demo-negozio-1",
      "conversations/demo-req-iphone_demo-negozio-1",
      "conversations/demo-req-lampada_demo-negozio-2",
    ]);
  });

  it("counts a query that found nothing as one read, named by its collection", () => {
    expect(reads(EMPTY_BLOCKS_QUERY)).toEqual([{ kind: "empty", via: "rest", label: "blocks" }]);
  });

  it("reads a query under a document (the parent in the URL)", () => {
    expect(reads(MESSAGES_QUERY)).toEqual([
      {
        kind: "document",
        path: "conversations/demo-req-caricatore_demo-negozio-1/messages/6GEtPf11eGheSPOQgauq",
        via: "rest",
      },
    ]);
  });

  it("counts an aggregation as one read", () => {
    expect(reads(OFFERS_COUNT)).toEqual([{ kind: "aggregation", label: "count offers" }]);
  });

  it("counts nothing for an answer that is not JSON (a failure page)", () => {
    expect(restReads(USER_BATCH_GET.url, USER_BATCH_GET.body, "<html>502</html>")).toEqual([]);
  });
});

describe("the Listen channel", () => {
  it("reads the targets a POST adds", () => {
    expect(listenRequestEvents(LISTEN_OPEN_POST)).toEqual([
      { kind: "listen-add", target: 1002, label: "users/demo-acquirente" },
    ]);
    expect(
      listenRequestEvents(LISTEN_QUERIES_POST).map((event) => event.kind === "listen-add" && event.label),
    ).toEqual([
      "users/demo-acquirente",
      "conversations",
      "conversations",
      "conversations/demo-req-caricatore_demo-negozio-1",
    ]);
  });

  it("reads a removed target", () => {
    const body = new URLSearchParams({
      count: "1",
      ofs: "5",
      req0___data__: JSON.stringify({ removeTarget: 1004 }),
    });
    expect(listenRequestEvents(body.toString())).toEqual([{ kind: "listen-remove", target: 1004 }]);
  });

  it("splits a stream into its frames, leaving a frame still arriving", () => {
    const whole = channelFrames(LISTEN_USER_STREAM);
    expect(whole.frames).toHaveLength(1);
    expect(whole.consumed).toBe(LISTEN_USER_STREAM.length);
    const cut = LISTEN_USER_STREAM.length - 10;
    const partial = channelFrames(LISTEN_USER_STREAM.slice(0, cut));
    expect(partial).toEqual({ frames: [], consumed: 0 });
    const twice = channelFrames(LISTEN_EMPTY_CURRENT + LISTEN_USER_STREAM.slice(0, cut));
    expect(twice.frames).toHaveLength(1);
    expect(twice.consumed).toBe(LISTEN_EMPTY_CURRENT.length);
  });

  it("counts a target's document once, and nothing more for CURRENT once it has one", () => {
    const pending = new Map([[1002, "users/demo-acquirente"]]);
    expect(listenResponseEvents(channelFrames(LISTEN_USER_STREAM).frames, pending)).toEqual([
      { kind: "document", path: "users/demo-acquirente", via: "listen", target: 1002 },
    ]);
    expect(pending.size).toBe(0);
  });

  it("counts a target that turned CURRENT with no document as one read", () => {
    const pending = new Map([[1010, "conversations"]]);
    expect(listenResponseEvents(channelFrames(LISTEN_EMPTY_CURRENT).frames, pending)).toEqual([
      { kind: "empty", via: "listen", label: "conversations" },
    ]);
  });

  it("ignores the handshake and heartbeats", () => {
    const handshake = '[[0,["c","tuu8ThrJ1LQrvZhQyqfmpw==","",8,12,30000]]]';
    const noop = '[[7,["noop"]]]';
    const stream = `${handshake.length}\n${handshake}${noop.length}\n${noop}`;
    expect(listenResponseEvents(channelFrames(stream).frames, new Map())).toEqual([]);
  });
});

describe("documentPath", () => {
  it("keeps the path under the database's documents", () => {
    expect(documentPath("projects/demo-vicino/databases/(default)/documents/offers/o1")).toBe("offers/o1");
  });
});
