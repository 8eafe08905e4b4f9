import { useQuery } from "@tanstack/react-query";
import { lazyModule } from "./page-data";

// The photos' module (Firestore Lite) loads with the first request that has photos, not with the page.
const photosModule = lazyModule(() => import("@/data/request-photos"));

/** The query key of a request's photos (they never change once published). */
export const requestPhotosKey = (requestId: string) => ["requestPhotos", requestId] as const;

/**
 * A request's photos (requests/{id}/photos), read once per request and kept: read only when the
 * request's photoCount says it has some. Used by the photo viewer (src/components/marketplace/request-photo.tsx).
 */
export function useRequestPhotos(requestId: string, photoCount: number | undefined) {
  return useQuery({
    queryKey: requestPhotosKey(requestId),
    queryFn: async () => (await photosModule()).fetchRequestPhotos(requestId),
    enabled: (photoCount ?? 0) > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
