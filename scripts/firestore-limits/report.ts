import { readFileSync } from "node:fs";
import { documentProblems, type Fields } from "./document-limits";
import { type CompositeIndex, describeIndex, type IndexConfig, indexJson } from "./index-config";
import { checkQuery, describeNeed, describeQuery, type StructuredQuery } from "./query-index";
import { RECORDS_PATH } from "./recording-proxy";
import type { WireRecord } from "./wire";

// What the test harness does with the recording proxy's records (tests/setup/firestore-limits.ts after
// each test, tests/support/global-setup.ts at the end of a run): the queries without their index and
// the documents over a limit, as messages, and the composite indexes no query used.

export function readIndexConfig(file: string): IndexConfig {
  return JSON.parse(readFileSync(file, "utf8")) as IndexConfig;
}

/** One message per query shape production would refuse, naming the index to add. */
export function missingIndexes(config: IndexConfig, queries: readonly StructuredQuery[]): string[] {
  const messages = new Map<string, string>();
  for (const query of queries) {
    for (const verdict of checkQuery(config, query)) {
      if (verdict.ok) continue;
      const fields = verdict.add.fields.filter((field) => field.fieldPath !== "__name__");
      const fix =
        fields.length < 2
          ? `its single-field index is exempted or missing for this scope: add it in fieldOverrides (${fields[0]?.fieldPath ?? "__name__"})`
          : `add to firestore.indexes.json: ${indexJson(verdict.add)}`;
      messages.set(
        describeNeed(verdict.need),
        `${describeNeed(verdict.need)} (sent as: ${describeQuery(query)}) — ${fix}`,
      );
    }
  }
  return [...messages.values()];
}

/** The composite indexes of `config` that no query in `queries` used. */
export function unusedIndexes(config: IndexConfig, queries: readonly StructuredQuery[]): CompositeIndex[] {
  const used = new Set<CompositeIndex>();
  const seen = new Set<string>();
  for (const query of queries) {
    const key = JSON.stringify(query);
    if (seen.has(key)) continue;
    seen.add(key);
    for (const verdict of checkQuery(config, query))
      if (verdict.ok) for (const index of verdict.indexes) used.add(index);
  }
  return config.indexes.filter((index) => !used.has(index));
}

export function unusedIndexReport(config: IndexConfig, queries: readonly StructuredQuery[]): string[] {
  return unusedIndexes(config, queries).map(describeIndex);
}

/** The records the proxy at `firestoreOrigin` kept from index `from` on. */
export async function fetchRecords(
  firestoreOrigin: string,
  from: number,
): Promise<{ next: number; records: WireRecord[] }> {
  const response = await fetch(`${firestoreOrigin}${RECORDS_PATH}?from=${from}`);
  if (!response.ok) throw new Error(`Firestore recording proxy: ${response.status} at ${firestoreOrigin}`);
  return (await response.json()) as { next: number; records: WireRecord[] };
}

type Found = { found?: { name: string; fields?: Fields } };

/** The problems of the documents at `paths` that still exist, read as the owner (rules bypassed). */
export async function documentLimitProblems(
  config: IndexConfig,
  firestoreOrigin: string,
  projectId: string,
  paths: readonly string[],
): Promise<string[]> {
  const database = `projects/${projectId}/databases/(default)`;
  const problems: string[] = [];
  for (let at = 0; at < paths.length; at += 300) {
    const documents = paths.slice(at, at + 300).map((path) => `${database}/documents/${path}`);
    const read = () =>
      fetch(`${firestoreOrigin}/v1/${database}/documents:batchGet`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer owner" },
        body: JSON.stringify({ documents }),
      });
    // A read: asked once more if the stack hiccups, so the check never fails a test on its own.
    let response = await read().catch(() => undefined);
    if (!response?.ok) response = await read();
    if (!response.ok) throw new Error(`batchGet for the document limits: ${response.status}`);
    for (const item of (await response.json()) as Found[]) {
      if (!item.found) continue;
      const path = item.found.name.slice(`${database}/documents/`.length);
      problems.push(...documentProblems(config, path, item.found.fields ?? {}));
    }
  }
  return problems;
}
