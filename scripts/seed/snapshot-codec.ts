import { DocumentReference, type Firestore, GeoPoint, Timestamp } from "firebase-admin/firestore";

/**
 * Firestore values as JSON and back, for a seed snapshot kept on disk between test files: the types the
 * demo data holds are tagged (a timestamp, a point, bytes, a reference); anything else that is not plain
 * JSON fails loudly, so a snapshot never restores a value other than the one the seed wrote.
 */
type Encoded =
  | null
  | boolean
  | number
  | string
  | Encoded[]
  | { [key: string]: Encoded }
  | { __firestore: "timestamp"; seconds: number; nanoseconds: number }
  | { __firestore: "geopoint"; latitude: number; longitude: number }
  | { __firestore: "bytes"; base64: string }
  | { __firestore: "reference"; path: string };

const TAG = "__firestore";

export function encodeValue(value: unknown, where: string): Encoded {
  if (value === null || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`${where}: numero non finito, non rappresentabile`);
    return value;
  }
  if (value instanceof Timestamp)
    return { [TAG]: "timestamp", seconds: value.seconds, nanoseconds: value.nanoseconds };
  if (value instanceof GeoPoint)
    return { [TAG]: "geopoint", latitude: value.latitude, longitude: value.longitude };
  if (value instanceof Uint8Array) return { [TAG]: "bytes", base64: Buffer.from(value).toString("base64") };
  if (value instanceof DocumentReference) return { [TAG]: "reference", path: value.path };
  if (Array.isArray(value)) return value.map((item, index) => encodeValue(item, `${where}[${index}]`));
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    if (TAG in value) throw new Error(`${where}: il campo ${TAG} è riservato alla fotografia del seed`);
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, encodeValue(item, `${where}.${key}`)]),
    );
  }
  throw new Error(`${where}: valore non previsto nella fotografia del seed (${String(value)})`);
}

export function decodeValue(value: Encoded, db: Firestore): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => decodeValue(item, db));
  switch (value[TAG]) {
    case "timestamp":
      return new Timestamp(value.seconds as number, value.nanoseconds as number);
    case "geopoint":
      return new GeoPoint(value.latitude as number, value.longitude as number);
    case "bytes":
      return Buffer.from(value.base64 as string, "base64");
    case "reference":
      return db.doc(value.path as string);
    default:
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, decodeValue(item as Encoded, db)]),
      );
  }
}

export type EncodedDocument = { path: string; data: Encoded };
