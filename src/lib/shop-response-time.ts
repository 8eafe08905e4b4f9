import { useQuery } from "@tanstack/react-query";
import { COLLECTIONS } from "@/domain/core/collections";

// The data module (Firestore Lite) loads with the first read: a dynamic import, loaded once.
const stats = () => import("@/data/shop-stats");

/** shopStats/{uid} (a shop's coarse response time), read at most once a minute per shop, shared by every card. */
export function useShopResponseStats(shopId: string) {
  return useQuery({
    queryKey: ["shop", shopId, "responseTime"],
    queryFn: async () => (await stats()).getResponseStats(COLLECTIONS.shopStats, shopId),
    staleTime: 60_000,
    enabled: shopId !== "",
  });
}

/** areaStats/{cell}: the area's coarse response time, beside the shop's own on its dashboard. */
export function useAreaResponseStats(cell: string | undefined) {
  return useQuery({
    queryKey: ["area", cell, "responseTime"],
    queryFn: async () => (await stats()).getResponseStats(COLLECTIONS.areaStats, cell ?? ""),
    staleTime: 60_000,
    enabled: Boolean(cell),
  });
}
