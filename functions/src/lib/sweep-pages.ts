import type { Query, QueryDocumentSnapshot } from "firebase-admin/firestore";
import { SWEEP_PAGE_SIZE, SWEEP_TIME_BUDGET_MS } from "@/domain/core/limits";

/**
 * How a scheduled sweep reads: in pages of a bounded `limit`, each next page starting after the last
 * document read (a cursor, so no document is read twice in one run), until the query is exhausted or
 * the run's time budget is spent; then it stops and the next run (every sweep is idempotent) takes the
 * rest. Tests inject a small page size to cross page boundaries; the budget is measured on the wall
 * clock, not the functions' injectable clock (which tests freeze).
 */
export interface SweepPaging {
  /** Documents per query page (SWEEP_PAGE_SIZE or the sweep's own default). */
  pageSize?: number;
  /** No page is started after this long (SWEEP_TIME_BUDGET_MS). */
  budgetMs?: number;
  /** Milliseconds of real time (Date.now). */
  wallClock?: () => number;
}

export interface PagesRead {
  pages: number;
  /** Documents the queries returned. */
  read: number;
  /** False when the budget stopped the run before the query was exhausted. */
  complete: boolean;
}

/**
 * Reads `query` (already ordered) page by page and hands each page to `handle` before the next is read.
 * A handler that returns false stops the walk (its cursor is spent elsewhere).
 */
export async function forEachPage(
  query: Query,
  paging: SweepPaging,
  handle: (docs: QueryDocumentSnapshot[]) => Promise<unknown>,
  defaultPageSize = SWEEP_PAGE_SIZE,
): Promise<PagesRead> {
  const pageSize = paging.pageSize ?? defaultPageSize;
  const wallClock = paging.wallClock ?? Date.now;
  const deadline = wallClock() + (paging.budgetMs ?? SWEEP_TIME_BUDGET_MS);
  const totals: PagesRead = { pages: 0, read: 0, complete: false };
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    if (totals.pages > 0 && wallClock() >= deadline) return totals;
    const page = await (last ? query.startAfter(last) : query).limit(pageSize).get();
    totals.pages += 1;
    totals.read += page.size;
    if (page.size > 0 && (await handle(page.docs)) === false) return totals;
    last = page.docs.at(-1);
    if (page.size < pageSize || !last) return { ...totals, complete: true };
  }
}

/** `items` through `work`, at most `width` at once (a page's transactions or e-mails, not one after another). */
export async function inParallel<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}
