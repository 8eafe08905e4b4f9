import { type QueryClient, type QueryKey, queryOptions, useQuery } from "@tanstack/react-query";
import { JUST_READ_MS } from "@/domain/core/limits";
import type { News } from "@/domain/notifications/unread-counts";
import { type FirstRead, readFirstOr } from "./first-read";
import { useRefreshOnNews } from "./news";

/**
 * The one way a screen reads its own data fast (architecture §7). A screen describes each read once, as
 * a `PageRead` (its query key and its one-shot read from a data module in src/data), and uses it in two
 * places: the route's `prefetch` (src/app/routes.tsx), which starts it as soon as the signed-in uid is
 * known, and the screen's `usePageRead`. Behind it:
 * - the data module is loaded with the first read (`lazyModule`), so the page's chunk does not carry it
 *   nor the schemas it parses with (zod builds a schema when its chunk is evaluated);
 * - the read itself is the data layer's first read: Firestore Lite, each read in a task of its own,
 *   the answer parsed in 10 ms slices (src/data/firestore-lite.ts, src/data/slices.ts); a read that
 *   declares its query (`first`) takes, on a page load, the answer the route started over REST before
 *   the SDK had loaded (./first-read.ts), parsed by the same data module;
 * - the screen reads again on each mount unless the route's early read has just answered, when the tab
 *   comes back into view, after the user's own changes (their mutations invalidate it), and when the
 *   header's one listener says something arrived for it (`news`, src/lib/news.ts): no listener of its
 *   own. A screen whose point is to be live (a chat) uses `useLiveQuery` (features/messages/api), which
 *   adds a listener once the page has settled.
 */

/** A data module (src/data), loaded with the first read that needs it, once; again after a failed load. */
export function lazyModule<M>(load: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | undefined;
  return () => {
    if (!pending) {
      // One import for every caller: two concurrent import() calls of a module vitest mocks can
      // resolve to the real one and the mock.
      const loading = load();
      pending = loading;
      loading.catch(() => {
        if (pending === loading) pending = undefined;
      });
    }
    return pending;
  };
}

/**
 * A data module loaded as `lazyModule` does, its download started now: called where a page's code declares
 * its reads, it travels with that code, so the first read, which waits for the session, finds the module
 * there rather than starting a download of its own (a round trip more on a phone, npm run bench:content).
 * It is still a chunk of its own, evaluated in a task of its own.
 */
export function moduleWithPage<M>(load: () => Promise<M>): () => Promise<M> {
  const get = lazyModule(load);
  void get().catch(() => undefined); // the read that needs it loads it again and reports the failure
  return get;
}

/** One read of a screen: its cache key and the one-shot read that fills it. */
export type PageRead<T> = {
  queryKey: QueryKey;
  read: () => Promise<T>;
  /**
   * The read as the route starts it over REST on a page load (./first-read.ts), and how its answer
   * becomes the read's value (the data module's parser).
   */
  first?: FirstRead<T>;
};

/** The read: the route's first read when it started one for it, else (and when it failed) `read`. */
const readPage = <T>({ read, first }: PageRead<T>): Promise<T> => readFirstOr(first, read);

/**
 * Whether to read again at mount: the cached answer is older than JUST_READ_MS (the route's early read
 * is not repeated), or a change of the user's own invalidated it since, however recent it is (a rating
 * given a second after the shop's page was last read must show when the buyer opens it again).
 */
const notJustRead = (query: { state: { dataUpdatedAt: number; isInvalidated: boolean } }): boolean =>
  query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_READ_MS;

/** The react-query options of a page read (for `useQuery`'s other uses of the same cache, e.g. a `select`). */
export function pageReadOptions<T>(page: PageRead<T>) {
  return queryOptions<T, Error, T, QueryKey>({
    queryKey: page.queryKey,
    queryFn: () => readPage(page),
    staleTime: 0,
    refetchOnMount: notJustRead,
  });
}

/** Starts a page read early (a route's `prefetch`): the screen then finds its answer, or its request on the way. */
export function prefetchPageRead<T>(client: QueryClient, page: PageRead<T>): void {
  void client.prefetchQuery(pageReadOptions(page));
}

export type PageReadOptions<T, S> = {
  /** Read again when the user's news is `wanted` (src/lib/news.ts); without it, only on mount, focus and own changes. */
  news?: { uid: string; wanted: (news: News) => boolean };
  enabled?: boolean;
  select?: (data: T) => S;
};

/** A screen's read: the cached answer, read as `PageRead` says and again as `news` says. */
export function usePageRead<T, S = T>(page: PageRead<T>, options: PageReadOptions<T, S> = {}) {
  const { news, enabled = true, select } = options;
  useRefreshOnNews(news?.uid ?? "", page.queryKey, {
    wanted: (arrived) => news?.wanted(arrived) ?? false,
    enabled: enabled && news !== undefined,
  });
  return useQuery<T, Error, S>({
    queryKey: page.queryKey,
    queryFn: () => readPage(page),
    staleTime: 0,
    refetchOnMount: notJustRead,
    enabled,
    ...(select ? { select } : {}),
  });
}
