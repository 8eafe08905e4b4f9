import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { StructuredQuery } from "./query-index";

// What a request to the Firestore emulator asks, from its bytes: the structured queries it runs and the
// documents it writes. Three wire formats reach the emulator's one port:
//  - gRPC (the admin SDK, the web SDK in Node): HTTP/2 paths `/google.firestore.v1.Firestore/RunQuery`
//    and co., each message framed as 1 flag byte + 4 length bytes + protobuf;
//  - REST (Firestore Lite, `preferRest`): `…/documents[/parent]:runQuery` and co., JSON;
//  - WebChannel (the web SDK in a browser): POSTs to `…/Firestore/Listen/channel` and `…/Write/channel`
//    whose `reqN___data__` form fields hold the same JSON.
// The protobuf messages decode, with enums as names, into exactly the REST JSON shape.

export type WireRecord = { kind: "query"; query: StructuredQuery } | { kind: "write"; path: string };

type Json = Record<string, unknown>;
interface ProtoType {
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: Json): Json;
}
interface ProtoRoot {
  lookupType(name: string): ProtoType;
  lookupEnum(name: string): { valuesById: Record<number, string> };
  resolveAll(): ProtoRoot;
}

let root: ProtoRoot | undefined;
/** google.firestore.v1's descriptors, as @google-cloud/firestore (firebase-admin's client) ships them. */
function protoRoot(): ProtoRoot {
  if (root) return root;
  const require = createRequire(import.meta.url);
  const protobuf = require("protobufjs") as { Root: { fromJSON(json: unknown): ProtoRoot } };
  // The package exports no subpath: its descriptor is found beside its main module (build/src/index.js).
  const main = require.resolve("@google-cloud/firestore");
  const descriptor = join(dirname(dirname(main)), "protos", "v1.json");
  root = protobuf.Root.fromJSON(JSON.parse(readFileSync(descriptor, "utf8"))).resolveAll();
  return root;
}

/** The request message type of each gRPC method worth reading. */
const GRPC_REQUESTS: Record<string, string> = {
  RunQuery: "RunQueryRequest",
  RunAggregationQuery: "RunAggregationQueryRequest",
  Listen: "ListenRequest",
  Commit: "CommitRequest",
  Write: "WriteRequest",
  BatchWrite: "BatchWriteRequest",
};

/** `/google.firestore.v1.Firestore/RunQuery` → `RunQuery` if its requests are read, else undefined. */
export function grpcMethod(path: string): string | undefined {
  const method = /^\/google\.firestore\.v1\.Firestore\/(\w+)$/.exec(path)?.[1];
  return method && method in GRPC_REQUESTS ? method : undefined;
}

/** Splits gRPC length-prefixed messages off the front of `buffer`; `rest` is a message still arriving. */
export function grpcMessages(buffer: Buffer): { messages: Buffer[]; rest: Buffer } {
  const messages: Buffer[] = [];
  let at = 0;
  while (buffer.length - at >= 5) {
    const length = buffer.readUInt32BE(at + 1);
    if (buffer.length - at - 5 < length) break;
    // A compressed message (flag 1) is not read: the SDKs do not compress requests.
    if (buffer[at] === 0) messages.push(buffer.subarray(at + 5, at + 5 + length));
    at += 5 + length;
  }
  return { messages, rest: buffer.subarray(at) };
}

/** `projects/p/databases/(default)/documents/a/b` → `a/b`. */
function documentPath(name: unknown): string | undefined {
  if (typeof name !== "string") return undefined;
  const at = name.indexOf("/documents/");
  return at < 0 ? undefined : name.slice(at + "/documents/".length);
}

/** The records in one request, in the REST JSON shape (whichever wire it came on). */
export function requestRecords(raw: Json): WireRecord[] {
  // The admin SDK's REST (preferRest) sends enums as numbers, protobufjs sometimes leaves them so.
  const request = namedEnums(raw) as Json;
  const records: WireRecord[] = [];
  const query = (request.structuredQuery ??
    (request.structuredAggregationQuery as Json | undefined)?.structuredQuery ??
    ((request.addTarget as Json | undefined)?.query as Json | undefined)?.structuredQuery) as
    | StructuredQuery
    | undefined;
  if (query) records.push({ kind: "query", query });
  for (const write of (request.writes as Json[] | undefined) ?? []) {
    const name = (write.update as Json | undefined)?.name ?? (write.transform as Json | undefined)?.document;
    const path = documentPath(name);
    if (path) records.push({ kind: "write", path });
  }
  return records;
}

const QUERY = "google.firestore.v1.StructuredQuery";
/** Which enum each operator or direction is, by the key that holds it. */
const ENUMS: Record<string, string> = {
  fieldFilter: `${QUERY}.FieldFilter.Operator`,
  compositeFilter: `${QUERY}.CompositeFilter.Operator`,
  unaryFilter: `${QUERY}.UnaryFilter.Operator`,
};

/**
 * Operators and directions by name where they came as numbers (the admin SDK over REST, `preferRest`,
 * sends `"op": 5` for EQUAL) or as numbers in text: the checks compare names.
 */
export function namedEnums(value: unknown, holder?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => namedEnums(item, holder));
  if (!value || typeof value !== "object") return value;
  const named: Json = {};
  for (const [key, inner] of Object.entries(value as Json)) {
    const enumName =
      key === "op" && holder ? ENUMS[holder] : key === "direction" ? `${QUERY}.Direction` : undefined;
    named[key] =
      enumName && (typeof inner === "number" || (typeof inner === "string" && /^\d+$/.test(inner)))
        ? (protoRoot().lookupEnum(enumName).valuesById[Number(inner)] ?? inner)
        : namedEnums(inner, key);
  }
  return named;
}

/** The records in one gRPC request message of `method`. */
export function grpcRecords(method: string, message: Buffer): WireRecord[] {
  const type = protoRoot().lookupType(`google.firestore.v1.${GRPC_REQUESTS[method]}`);
  const object = type.toObject(type.decode(message), { enums: String, longs: String, bytes: String });
  return requestRecords(object);
}

function parseJson(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** The records in an HTTP/1 POST: a REST call or a WebChannel batch. */
export function httpRecords(url: string, body: string): WireRecord[] {
  if (/\.Firestore\/(Listen|Write)\/channel/.test(url)) {
    const form = new URLSearchParams(body);
    return [...form.keys()]
      .filter((key) => /^req\d+___data__$/.test(key))
      .flatMap((key) => requestRecords(parseJson(form.get(key) ?? "") ?? {}));
  }
  if (/\/documents[^?]*:(runQuery|runAggregationQuery|commit|batchWrite)/.test(url))
    return requestRecords(parseJson(body) ?? {});
  return [];
}
