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
export const ROOM: number;
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
  /** `room`: the share under its budget each route must keep (ROOM unless given). */
  budgets?: { marketing?: number; route?: number; room?: number };
  /** Routes still short of their room, each with the most it may weigh (bytes). */
  roomExceptions?: Record<string, number>;
}): { rows: BudgetRow[]; problems: string[] };
