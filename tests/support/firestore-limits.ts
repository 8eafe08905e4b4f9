import { fileURLToPath } from "node:url";
import type { StructuredQuery } from "../../scripts/firestore-limits/query-index";
import {
  documentLimitProblems,
  fetchRecords,
  missingIndexes,
  readIndexConfig,
  unusedIndexReport,
} from "../../scripts/firestore-limits/report";
import type { StackInfo } from "./stack";

/**
 * What production enforces and Google's emulator does not, checked on what the tests send it
 * (docs/testing.md, "Production's limits"): every query has its index in firestore.indexes.json, and
 * every document written stays within 1 MiB and 40,000 index entries. The stack's recording proxy keeps
 * the queries and writes (scripts/firestore-limits/recording-proxy.ts); tests/setup/firestore-limits.ts
 * checks them after each test and each file.
 */
const INDEXES_FILE = fileURLToPath(new URL("../../firestore.indexes.json", import.meta.url));

let config: ReturnType<typeof readIndexConfig> | undefined;
const indexConfig = () => {
  config ??= readIndexConfig(INDEXES_FILE);
  return config;
};

/** Where the records of this stack were read up to. */
let cursor: number | undefined;

/** Skips what earlier files sent: a file answers for its own queries and writes. */
export async function startLimitChecks(stack: StackInfo): Promise<void> {
  cursor = (await fetchRecords(stack.urls.firestore, Number.MAX_SAFE_INTEGER)).next;
}

/** The problems in what the stack received since the last check (none: an empty list). */
export async function limitProblemsSince(stack: StackInfo): Promise<string[]> {
  const { next, records } = await fetchRecords(stack.urls.firestore, cursor ?? 0);
  cursor = next;
  const queries: StructuredQuery[] = [];
  const written = new Set<string>();
  for (const record of records) {
    if (record.kind === "query") queries.push(record.query);
    else written.add(record.path);
  }
  const missing = missingIndexes(indexConfig(), queries).map((line) => `no index in production: ${line}`);
  const over = await documentLimitProblems(indexConfig(), stack.urls.firestore, stack.projectId, [
    ...written,
  ]);
  return [...missing, ...over];
}

/** Prints the composite indexes no query of this run used (a report, not a failure). */
export async function reportUnusedIndexes(firestoreOrigin: string): Promise<void> {
  const { records } = await fetchRecords(firestoreOrigin, 0).catch(() => ({ records: [] }));
  const queries = records.flatMap((record) => (record.kind === "query" ? [record.query] : []));
  if (queries.length === 0) return;
  const unused = unusedIndexReport(indexConfig(), queries);
  if (unused.length === 0) return;
  process.stdout.write(
    `\nfirestore.indexes.json: ${unused.length} composite index(es) no query of this run used ` +
      `(${queries.length} queries; another layer or half may use them):\n${unused.map((line) => `  - ${line}`).join("\n")}\n`,
  );
}
