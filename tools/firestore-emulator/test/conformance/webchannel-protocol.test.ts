/** The WebChannel transport at the wire level: handshake, chunks, backchannels, acks, errors. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FirestoreEmulator } from "../../src/index.ts";
import { startTestServer } from "../support/server.ts";
import {
  type Entry,
  httpRequest,
  parseChunks,
  payloads,
  WebChannelClient,
} from "../support/webchannel-client.ts";

let emu: FirestoreEmulator;
const DB = "projects/demo-wc/databases/(default)";
const ROOT = `${DB}/documents`;

beforeAll(async () => {
  emu = await startTestServer();
});
afterAll(async () => {
  await emu?.stop();
});

async function commit(writes: unknown[]): Promise<void> {
  const res = await httpRequest(`${emu.url}/v1/${ROOT}:commit`, "POST", JSON.stringify({ writes }));
  expect(res.status).toBe(200);
}

const listenDoc = (targetId: number, path: string) => ({
  database: DB,
  addTarget: { targetId, documents: { documents: [`${ROOT}/${path}`] } },
});

const hasCurrent = (id: number) => (entries: Entry[]) =>
  payloads(entries).some((p) => {
    const tc = (p as { targetChange?: { targetChangeType?: string; targetIds?: number[] } }).targetChange;
    return tc?.targetChangeType === "CURRENT" && tc.targetIds?.includes(id) === true;
  });

describe("handshake and streaming backchannel", () => {
  it("answers the handshake with one chunk [[0,[c,SID,'',8,14]]] and streams the Listen answers", async () => {
    const c = new WebChannelClient(emu.url, "Listen", DB);
    const hs = await c.open(listenDoc(2, "wc/a"));
    expect(hs.status).toBe(200);
    const { chunks, rest } = parseChunks(hs.body);
    expect(rest).toBe("");
    expect(chunks).toEqual([[[0, ["c", c.sid, "", 8, 14]]]]);
    const bc = c.backchannel(0);
    const entries = await bc.waitFor(hasCurrent(2));
    const kinds = payloads(entries).map((p) => Object.keys(p as object)[0]);
    expect(kinds).toEqual(["targetChange", "targetChange", "targetChange"]);
    // Array ids strictly increase from 1.
    expect(entries.map((e) => e[0])).toEqual(entries.map((_e, i) => i + 1));
    await commit([{ update: { name: `${ROOT}/wc/a`, fields: { s: { stringValue: "ciao ✓ 🍕" } } } }]);
    const after = await bc.waitFor((es) => payloads(es).some((p) => "documentChange" in (p as object)));
    const change = payloads(after).find((p) => "documentChange" in (p as object)) as {
      documentChange: { document: { fields: { s: { stringValue: string } } }; targetIds: number[] };
    };
    expect(change.documentChange.document.fields.s.stringValue).toBe("ciao ✓ 🍕");
    expect(change.documentChange.targetIds).toEqual([2]);
    bc.close();
    await c.terminate();
  });

  it("sends a noop at once on an empty streaming backchannel (no buffering proxy)", async () => {
    const c = new WebChannelClient(emu.url, "Listen", DB);
    await c.open(listenDoc(2, "wc/b"));
    const first = c.backchannel(0);
    const got = await first.waitFor(hasCurrent(2));
    first.close();
    const lastId = got[got.length - 1]?.[0] as number;
    const second = c.backchannel(lastId);
    const entries = await second.waitFor((es) => es.length > 0, 2000);
    expect(entries[0]?.[1]).toEqual(["noop"]);
    second.close();
    await c.terminate();
  });

  it("chunk lengths count UTF-16 units: non-ASCII is escaped so bytes equal the count", async () => {
    await commit([{ update: { name: `${ROOT}/wc/u`, fields: { s: { stringValue: "àé🍕" } } } }]);
    const c = new WebChannelClient(emu.url, "Listen", DB);
    await c.open(listenDoc(2, "wc/u"));
    const res = await httpRequest(`${c.base}?VER=8&RID=rpc&SID=${c.sid}&AID=0&CI=1&TYPE=xmlhttp`, "GET");
    expect([...res.body].every((ch) => ch.charCodeAt(0) < 0x80)).toBe(true);
    const { chunks, rest } = parseChunks(res.body);
    expect(rest).toBe("");
    expect(JSON.stringify(chunks)).toContain("àé🍕");
    await c.terminate();
  });
});

describe("forward channel", () => {
  it("answers [backchannelPresent, lastArrayId, 0] and drops duplicate message ids", async () => {
    const c = new WebChannelClient(emu.url, "Listen", DB);
    await c.open(listenDoc(2, "wc/c"));
    const bc = c.backchannel(0);
    await bc.waitFor(hasCurrent(2));
    const res = await c.send([listenDoc(4, "wc/d")], 0, 1);
    const { chunks } = parseChunks(res.body);
    const ack = chunks[0] as number[];
    expect(ack[0]).toBe(1);
    expect(ack[1]).toBeGreaterThanOrEqual(bc.entries.length);
    await bc.waitFor(hasCurrent(4));
    const count = bc.entries.length;
    // Same ofs again: ignored.
    await c.send([listenDoc(4, "wc/d")], 0, 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(bc.entries.length).toBe(count);
    bc.close();
    await c.terminate();
  });
});

describe("long polling and acknowledgements", () => {
  it("CI=1 answers what is queued and ends; entries above AID are resent", async () => {
    const c = new WebChannelClient(emu.url, "Listen", DB);
    await c.open(listenDoc(2, "wc/e"));
    const poll1 = await httpRequest(`${c.base}?VER=8&RID=rpc&SID=${c.sid}&AID=0&CI=1&TYPE=xmlhttp`, "GET");
    const e1 = (parseChunks(poll1.body).chunks[0] as Entry[]).map((e) => e[0]);
    expect(e1.length).toBeGreaterThanOrEqual(3);
    // Claim we only saw the first entry: the rest comes again.
    const poll2 = await httpRequest(
      `${c.base}?VER=8&RID=rpc&SID=${c.sid}&AID=${e1[0]}&CI=1&TYPE=xmlhttp`,
      "GET",
    );
    const e2 = (parseChunks(poll2.body).chunks[0] as Entry[]).map((e) => e[0]);
    expect(e2).toEqual(e1.slice(1));
    // Acknowledge everything, then a change arrives on a waiting poll.
    const last = e1[e1.length - 1] as number;
    const pending = httpRequest(`${c.base}?VER=8&RID=rpc&SID=${c.sid}&AID=${last}&CI=1&TYPE=xmlhttp`, "GET");
    await new Promise((r) => setTimeout(r, 50));
    await commit([{ update: { name: `${ROOT}/wc/e`, fields: { v: { integerValue: "1" } } } }]);
    const poll3 = await pending;
    const p3 = payloads(parseChunks(poll3.body).chunks[0] as Entry[]);
    expect(p3.some((p) => "documentChange" in (p as object))).toBe(true);
    await c.terminate();
  });
});

describe("errors and lifecycle", () => {
  it("unknown SID answers 400 with 'Unknown SID' (not at offset 0)", async () => {
    const res = await httpRequest(
      `${emu.url}/google.firestore.v1.Firestore/Listen/channel?VER=8&RID=rpc&SID=nope&AID=0&CI=0&TYPE=xmlhttp`,
      "GET",
    );
    expect(res.status).toBe(400);
    expect(res.body.indexOf("Unknown SID")).toBeGreaterThan(0);
  });

  it("TYPE=terminate ends the session", async () => {
    const c = new WebChannelClient(emu.url, "Listen", DB);
    await c.open(listenDoc(2, "wc/f"));
    expect((await c.terminate()).status).toBe(200);
    const res = await c.send([listenDoc(4, "wc/g")]);
    expect(res.status).toBe(400);
    expect(res.body).toContain("Unknown SID");
  });

  it("a malformed message is a stream error payload followed by close; the server keeps serving", async () => {
    const c = new WebChannelClient(emu.url, "Listen", DB);
    await c.open(listenDoc(2, "wc/h"));
    const bc = c.backchannel(0);
    await bc.waitFor(hasCurrent(2));
    await c.send([{ database: DB, bogus: true }]);
    const entries = await bc.waitFor((es) => es.some((e) => e[1][0] === "close"));
    const err = payloads(entries).find((p) => typeof p === "object" && p !== null && "error" in p) as {
      error: { code: number; status: string; message: string };
    };
    expect(err.error.status).toBe("INVALID_ARGUMENT");
    expect(err.error.code).toBe(3);
    expect(err.error.message).toMatch(/addTarget or removeTarget/);
    bc.close();
    expect((await httpRequest(`${emu.url}/`, "GET")).status).toBe(200);
  });

  it("answers CORS preflights with the origin echoed and credentials allowed", async () => {
    const res = await httpRequest(`${emu.url}/v1/${ROOT}:commit`, "OPTIONS", undefined, {
      Origin: "http://localhost:5173",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization,content-type,x-goog-api-client",
    });
    expect(res.status).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
    expect(res.headers["access-control-allow-headers"]).toContain("authorization");
    const get = await httpRequest(`${emu.url}/`, "GET", undefined, { Origin: "http://localhost:5173" });
    expect(get.headers["access-control-expose-headers"]).toContain("X-HTTP-Session-Id");
  });
});

describe("Write stream", () => {
  it("handshake → streamToken; writes → commitTime + writeResults with transform results; errors close the stream", async () => {
    const c = new WebChannelClient(emu.url, "Write", DB);
    await c.open({ database: DB });
    const bc = c.backchannel(0);
    const hs = await bc.waitFor((es) => payloads(es).length >= 1);
    const first = payloads(hs)[0] as { streamId: string; streamToken: string };
    expect(first.streamToken).toBeTruthy();
    await c.send([
      {
        streamToken: first.streamToken,
        writes: [
          {
            update: { name: `${ROOT}/ws/a`, fields: { n: { integerValue: "1" } } },
            updateTransforms: [
              { fieldPath: "at", setToServerValue: "REQUEST_TIME" },
              { fieldPath: "n", increment: { integerValue: "2" } },
              { fieldPath: "tags", appendMissingElements: { values: [{ stringValue: "x" }] } },
            ],
          },
        ],
      },
    ]);
    const got = await bc.waitFor((es) => payloads(es).length >= 2);
    const resp = payloads(got)[1] as {
      streamToken: string;
      commitTime: string;
      writeResults: Array<{ updateTime: string; transformResults: unknown[] }>;
    };
    expect(resp.streamToken).toBeTruthy();
    expect(resp.writeResults[0]?.updateTime).toBe(resp.commitTime);
    expect(resp.writeResults[0]?.transformResults).toEqual([
      { timestampValue: resp.commitTime },
      { integerValue: "3" },
      { nullValue: "NULL_VALUE" },
    ]);
    await c.send([
      {
        streamToken: resp.streamToken,
        writes: [{ update: { name: `${ROOT}/ws/b`, fields: {} }, currentDocument: { exists: true } }],
      },
    ]);
    const closed = await bc.waitFor((es) => es.some((e) => e[1][0] === "close"));
    const err = payloads(closed).find((p) => typeof p === "object" && p !== null && "error" in p) as {
      error: { status: string };
    };
    expect(err.error.status).toBe("NOT_FOUND");
    bc.close();
  });
});
