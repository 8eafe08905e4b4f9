import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CatalogueProductInput } from "@/domain/marketplace/catalogue";
import { lazyModule } from "@/lib/page-data";
import { INLINE_ERROR_META } from "@/lib/query-client";

// The data module loads with the first read (src/lib/page-data.ts).
const catalogueModule = lazyModule(() => import("@/data/catalogue"));

export const catalogueKey = (uid: string) => ["catalogue", uid] as const;

/** The shop's whole catalogue (at most MAX_CATALOGUE_PRODUCTS products), by slot. */
export function useCatalogue(uid: string) {
  return useQuery({
    queryKey: catalogueKey(uid),
    queryFn: async () => (await catalogueModule()).listCatalogue(uid),
    enabled: uid !== "",
  });
}

export type ProductWrite = { slot: string; input: CatalogueProductInput; paused: boolean };

/** Saves products into their slots, all in one batch (an import is never half-saved). */
export function useSaveProducts(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (products: readonly ProductWrite[]) =>
      (await catalogueModule()).saveCatalogueProducts(uid, products),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKey(uid) }),
    meta: INLINE_ERROR_META,
  });
}
