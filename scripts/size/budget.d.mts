/** A Vite manifest's chunk, as much of it as the check reads. */
export type ManifestChunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };

/** A route to measure: its path, the lazy modules it loads first, whether it is a marketing page. */
export type MeasuredRoute = { path: string; lazy: string[]; marketing: boolean };

export type ChunkInfo = { gzip: number; firestore: boolean };

export type BudgetRow = {
  route: string;
  chunks: number;
  gzip: number;
  budget: number;
  firestore: boolean;
  ok: boolean;
};

export const KB: number;
export const MARKETING_BUDGET: number;
export const ROUTE_BUDGET: number;
export function kb(bytes: number): string;
export function staticClosure(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen?: Set<string>,
): Set<string>;
export function checkBudgets(options: {
  manifest: Record<string, ManifestChunk>;
  routes: MeasuredRoute[];
  onDemand: Iterable<string>;
  chunkInfo: (key: string) => ChunkInfo;
  budgets?: { marketing?: number; route?: number };
}): { rows: BudgetRow[]; problems: string[] };
