import type { Gazetteer } from "@/domain/gazetteer";

let loading: Promise<Gazetteer> | undefined;

/**
 * The Italian places (~420 kB of JSON, ~150 kB gzipped), in a chunk of their own: fetched the first
 * time someone types in a place field, never with a page's initial JS (scripts/size.mjs, ON_DEMAND).
 * One fetch per page load; a failed one is retried on the next call.
 */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= import("./places-it.json").then(
    (module) => module.default as unknown as Gazetteer,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
