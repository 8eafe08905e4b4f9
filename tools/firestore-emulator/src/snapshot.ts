/** Snapshot file: every database's documents in proto3 JSON, saved atomically. */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Engine } from "./engine.ts";
import { asArray, asObject, asString } from "./guards.ts";
import { parseDatabaseName } from "./paths.ts";
import { makeDoc } from "./store.ts";
import { formatMicros, type Micros, parseTimestamp } from "./time.ts";
import { decodeFields, encodeFields } from "./values.ts";

const FORMAT = "vicino-firestore-snapshot";

export function saveSnapshot(engine: Engine, file: string): number {
  let count = 0;
  const databases = [...engine.store.databases.values()]
    .filter((db) => db.docs.size > 0)
    .map((db) => ({
      name: db.name,
      documents: [...db.docs.values()]
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
        .map((d) => {
          count++;
          return {
            path: d.path,
            fields: encodeFields(d.fields, false),
            createTime: formatMicros(d.createTime),
            updateTime: formatMicros(d.updateTime),
          };
        }),
    }));
  const text = JSON.stringify({ format: FORMAT, version: 1, savedAt: new Date().toISOString(), databases });
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
  return count;
}

function toMicros(raw: unknown, what: string): Micros {
  const ts = parseTimestamp(raw, what);
  return ts.seconds * 1_000_000 + Math.floor(ts.nanos / 1000);
}

/** Loads a snapshot if the file exists; returns the number of documents loaded. */
export function loadSnapshot(engine: Engine, file: string): number {
  if (!existsSync(file)) return 0;
  const json: unknown = JSON.parse(readFileSync(file, "utf8"));
  const root = asObject(json, "snapshot");
  if (root.format !== FORMAT) throw new Error(`${file} is not a ${FORMAT} file.`);
  let count = 0;
  for (const rawDb of asArray(root.databases, "databases")) {
    const dbJson = asObject(rawDb, "database");
    const db = engine.db(parseDatabaseName(asString(dbJson.name, "database.name")));
    for (const rawDoc of asArray(dbJson.documents, "documents")) {
      const d = asObject(rawDoc, "document");
      const path = asString(d.path, "document.path");
      const createTime = toMicros(d.createTime, "createTime");
      const updateTime = toMicros(d.updateTime, "updateTime");
      db.put(makeDoc(path, decodeFields(d.fields, path), createTime, updateTime));
      engine.clock.observe(updateTime);
      if (updateTime > db.lastChange) db.lastChange = updateTime;
      count++;
    }
  }
  return count;
}
