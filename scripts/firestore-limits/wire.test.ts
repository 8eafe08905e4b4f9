import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { grpcMessages, grpcMethod, grpcRecords, httpRecords, namedEnums } from "./wire";

const database = "projects/demo-vicino/databases/(default)";
const query = {
  from: [{ collectionId: "offers" }],
  where: {
    fieldFilter: { field: { fieldPath: "merchantId" }, op: "EQUAL", value: { stringValue: "m1" } },
  },
  orderBy: [{ field: { fieldPath: "createdAt" }, direction: "DESCENDING" }],
};

/** A RunQueryRequest as grpc-js frames it: flag 0, a 4-byte length, the protobuf. */
function framedRunQuery(): Buffer {
  const require = createRequire(import.meta.url);
  const protobuf = require("protobufjs");
  const main = require.resolve("@google-cloud/firestore");
  const root = protobuf.Root.fromJSON(require(join(dirname(dirname(main)), "protos", "v1.json")));
  const type = root.lookupType("google.firestore.v1.RunQueryRequest");
  const bytes: Uint8Array = type
    .encode(type.fromObject({ parent: `${database}/documents`, structuredQuery: query }))
    .finish();
  const header = Buffer.alloc(5);
  header.writeUInt32BE(bytes.length, 1);
  return Buffer.concat([header, Buffer.from(bytes)]);
}

describe("the Firestore wire", () => {
  it("reads a gRPC RunQuery into the REST shape, a message at a time", () => {
    expect(grpcMethod("/google.firestore.v1.Firestore/RunQuery")).toBe("RunQuery");
    expect(grpcMethod("/google.firestore.v1.Firestore/BatchGetDocuments")).toBeUndefined();
    const framed = framedRunQuery();
    const half = grpcMessages(framed.subarray(0, 9));
    expect(half.messages).toEqual([]);
    const { messages, rest } = grpcMessages(
      Buffer.concat([half.rest, framed.subarray(9), framed.subarray(0, 3)]),
    );
    expect(rest).toHaveLength(3);
    expect(grpcRecords("RunQuery", messages[0]!)).toEqual([{ kind: "query", query }]);
  });

  it("names operators and directions left as numbers", () => {
    const numeric = {
      where: {
        compositeFilter: {
          op: 1,
          filters: [
            { fieldFilter: { field: { fieldPath: "emailStatus" }, op: "5" } },
            { unaryFilter: { field: { fieldPath: "x" }, op: 2 } },
          ],
        },
      },
      orderBy: [{ field: { fieldPath: "emailRetryAt" }, direction: 2 }],
    };
    expect(namedEnums(numeric)).toEqual({
      where: {
        compositeFilter: {
          op: "AND",
          filters: [
            { fieldFilter: { field: { fieldPath: "emailStatus" }, op: "EQUAL" } },
            { unaryFilter: { field: { fieldPath: "x" }, op: "IS_NAN" } },
          ],
        },
      },
      orderBy: [{ field: { fieldPath: "emailRetryAt" }, direction: "DESCENDING" }],
    });
  });

  it("reads REST queries and commits, and WebChannel listens and writes", () => {
    const base = `/v1/${database}/documents`;
    expect(httpRecords(`${base}/users/u1:runQuery`, JSON.stringify({ structuredQuery: query }))).toEqual([
      { kind: "query", query },
    ]);
    const commit = {
      writes: [{ update: { name: `${database}/documents/offers/o1`, fields: {} } }, { delete: "x" }],
    };
    expect(httpRecords(`${base}:commit`, JSON.stringify(commit))).toEqual([
      { kind: "write", path: "offers/o1" },
    ]);
    const listen = new URLSearchParams({
      count: "1",
      req0___data__: JSON.stringify({
        database,
        addTarget: { query: { parent: `${database}/documents`, structuredQuery: query }, targetId: 2 },
      }),
    });
    expect(httpRecords("/google.firestore.v1.Firestore/Listen/channel?VER=8", listen.toString())).toEqual([
      { kind: "query", query },
    ]);
    const write = new URLSearchParams({
      req0___data__: JSON.stringify({ writes: [{ update: { name: `${database}/documents/requests/r1` } }] }),
    });
    expect(httpRecords("/google.firestore.v1.Firestore/Write/channel?VER=8", write.toString())).toEqual([
      { kind: "write", path: "requests/r1" },
    ]);
    expect(httpRecords(`${base}:batchGet`, "{}")).toEqual([]);
  });
});
