import type { ReadEvent } from "./firestore-traffic";

// A signed-in page load's Firestore bill and its budget (docs/scale.md, "Page loads"): at most 25 reads
// and 3 listeners, header included, no document read twice; the shop feed at most 40 reads a page of 20.

export const PAGE_LOAD_BUDGET = { reads: 25, listeners: 3 } as const;
export const FEED_PAGE_BUDGET = { reads: 40, listeners: PAGE_LOAD_BUDGET.listeners } as const;

export interface PageLoadTally {
  /** Billed reads: every document delivered, every empty answer, every aggregation. */
  reads: number;
  /** Documents delivered (reads without the empty answers and aggregations). */
  documents: number;
  /** The reads that listeners' snapshots made (the rest are one-shot reads). */
  listenerReads: number;
  /** Listeners the load opened (distinct Listen targets added), and what each listens to. */
  listeners: number;
  listenerLabels: string[];
  /** Listen targets the page removed again within the load (one-shot reads made through a listener). */
  removedListeners: number;
  /** Documents delivered more than once, with how often. */
  duplicates: Array<{ path: string; times: number }>;
  /** Where the reads went, by collection (`requests`, `users/…/offers` → `users/*\/offers`). */
  byCollection: Record<string, number>;
}

/** `users/u1/offers/o9` → `users/*\/offers`: a collection's name, whatever the parent's ids. */
export function collectionOf(path: string): string {
  const parts = path.split("/");
  return parts
    .slice(0, -1)
    .map((part, index) => (index % 2 === 1 ? "*" : part))
    .join("/");
}

export function tallyPageLoad(events: readonly ReadEvent[]): PageLoadTally {
  const times = new Map<string, number>();
  const byCollection: Record<string, number> = {};
  // By target id: a stream that reconnects adds its targets again, which opens no new listener.
  const listeners = new Map<number, string>();
  let reads = 0;
  let removedListeners = 0;
  let listenerReads = 0;
  for (const event of events) {
    if ((event.kind === "document" || event.kind === "empty") && event.via === "listen") listenerReads += 1;
    if (event.kind === "document") {
      reads += 1;
      times.set(event.path, (times.get(event.path) ?? 0) + 1);
      const collection = collectionOf(event.path);
      byCollection[collection] = (byCollection[collection] ?? 0) + 1;
    } else if (event.kind === "empty" || event.kind === "aggregation") {
      reads += 1;
      const key = event.kind === "aggregation" ? "(count)" : "(empty answer)";
      byCollection[key] = (byCollection[key] ?? 0) + 1;
    } else if (event.kind === "listen-add") {
      listeners.set(event.target, event.label);
    } else {
      removedListeners += 1;
    }
  }
  const duplicates = [...times]
    .filter(([, count]) => count > 1)
    .map(([path, count]) => ({ path, times: count }))
    .sort((a, b) => b.times - a.times || a.path.localeCompare(b.path));
  return {
    reads,
    documents: [...times.values()].reduce((sum, count) => sum + count, 0),
    listenerReads,
    listeners: listeners.size,
    listenerLabels: [...listeners.values()],
    removedListeners,
    duplicates,
    byCollection,
  };
}

/** What a page load breaks of its budget, in words (empty when within it). */
export function budgetMisses(
  tally: PageLoadTally,
  budget: { reads: number; listeners: number } = PAGE_LOAD_BUDGET,
): string[] {
  const misses: string[] = [];
  if (tally.reads > budget.reads) misses.push(`${tally.reads} reads (budget ${budget.reads})`);
  if (tally.listeners > budget.listeners)
    misses.push(
      `${tally.listeners} listeners (budget ${budget.listeners}): ${tally.listenerLabels.join("; ")}`,
    );
  if (tally.duplicates.length > 0)
    misses.push(`read twice: ${tally.duplicates.map(({ path, times }) => `${path} ×${times}`).join(", ")}`);
  return misses;
}
