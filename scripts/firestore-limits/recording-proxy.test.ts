import { createServer as createHttpServer } from "node:http";
import { connect, createServer as createHttp2Server } from "node:http2";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort } from "../stack/ports";
import { RECORDS_PATH, type RecordingProxy, startRecordingProxy } from "./recording-proxy";

// The proxy in front of stand-ins for the emulator: gRPC (HTTP/2 from its preface on, answers ending in
// trailers) and HTTP/1 REST, the two protocols the proxy tells apart on its one port.

const query = { from: [{ collectionId: "offers" }], orderBy: [{ field: { fieldPath: "at" }, direction: 2 }] };

/** A RunQuery message framed for gRPC: flag, length, then the protobuf. */
async function framedRunQuery(): Promise<Buffer> {
  const { createRequire } = await import("node:module");
  const { dirname, join } = await import("node:path");
  const require = createRequire(import.meta.url);
  const protobuf = require("protobufjs");
  const main = require.resolve("@google-cloud/firestore");
  const root = protobuf.Root.fromJSON(require(join(dirname(dirname(main)), "protos", "v1.json")));
  const type = root.lookupType("google.firestore.v1.RunQueryRequest");
  const bytes: Uint8Array = type.encode(type.fromObject({ parent: "p", structuredQuery: query })).finish();
  const header = Buffer.alloc(5);
  header.writeUInt32BE(bytes.length, 1);
  return Buffer.concat([header, Buffer.from(bytes)]);
}

let proxy: RecordingProxy;
let port: number;
const upstream = createHttp2Server();
const rest = createHttpServer((request, response) => {
  request.resume();
  request.on("end", () => response.end("[]"));
});

beforeAll(async () => {
  upstream.on("stream", (stream) => {
    stream.on("data", () => undefined);
    stream.on("end", () => {
      stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
      stream.on("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0" }));
      stream.end(Buffer.from([0, 0, 0, 0, 0]));
    });
  });
  await new Promise<void>((resolve) => rest.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  port = await findFreePort();
  // Each protocol through a proxy in front of its own stand-in (gRPC here, REST in its test).
  proxy = await startRecordingProxy({
    host: "127.0.0.1",
    port,
    target: { host: "127.0.0.1", port: (upstream.address() as AddressInfo).port },
  });
});

afterAll(async () => {
  await proxy.close();
  upstream.close();
  rest.close();
});

describe("the recording proxy", () => {
  it("passes a gRPC call through, trailers included, and keeps its query with operators named", async () => {
    const session = connect(`http://127.0.0.1:${port}`);
    const call = session.request({
      ":method": "POST",
      ":path": "/google.firestore.v1.Firestore/RunQuery",
      "content-type": "application/grpc",
    });
    const trailers = new Promise<Record<string, unknown>>((resolve) => call.on("trailers", resolve));
    call.end(await framedRunQuery());
    call.resume();
    expect((await trailers)["grpc-status"]).toBe("0");
    session.close();
    expect(proxy.records()).toContainEqual({
      kind: "query",
      query: { ...query, orderBy: [{ field: { fieldPath: "at" }, direction: "DESCENDING" }] },
    });
  });

  it("serves what it kept, from an index on", async () => {
    const answer = await fetch(`http://127.0.0.1:${port}${RECORDS_PATH}?from=0`).then((r) => r.json());
    expect(answer.next).toBe(proxy.records().length);
    const later = await fetch(`http://127.0.0.1:${port}${RECORDS_PATH}?from=${answer.next}`).then((r) =>
      r.json(),
    );
    expect(later.records).toEqual([]);
  });

  it("passes a REST call through and keeps its query", async () => {
    const restProxyPort = await findFreePort();
    const restProxy = await startRecordingProxy({
      host: "127.0.0.1",
      port: restProxyPort,
      target: { host: "127.0.0.1", port: (rest.address() as AddressInfo).port },
    });
    try {
      const body = JSON.stringify({ structuredQuery: { from: [{ collectionId: "requests" }] } });
      const response = await fetch(
        `http://127.0.0.1:${restProxyPort}/v1/projects/p/databases/(default)/documents:runQuery`,
        { method: "POST", body },
      );
      expect(await response.text()).toBe("[]");
      expect(restProxy.records()).toEqual([
        { kind: "query", query: { from: [{ collectionId: "requests" }] } },
      ]);
    } finally {
      await restProxy.close();
    }
  });
});
