import type { PlaceSearch } from "@/domain/geo/gazetteer";

let loading: Promise<PlaceSearch> | undefined;

/**
 * The Italian places (~410 kB of JSON, ~150 kB gzipped) and the lookup over them, in a chunk of their
 * own: fetched the first time someone types in a place field, never with a page's initial JS
 * (scripts/size.mjs, ON_DEMAND). One fetch per page load; a failed one is retried on the next call.
 */
export function loadGazetteer(): Promise<PlaceSearch> {
  loading ??= import("./italian-places").then(
    (module) => module.italianPlaces,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
