import { useQuery } from "@tanstack/react-query";
import { SHOP_REVIEWS_SHOWN } from "@/domain/people/shop-page";

// The data modules load with the first query, not with the route (the page paints first).
let profilesImport: Promise<typeof import("@/data/profiles")> | undefined;
let shopPageImport: Promise<typeof import("@/data/shop-page")> | undefined;
const profilesModule = () => {
  profilesImport ??= import("@/data/profiles");
  return profilesImport;
};
const shopPageModule = () => {
  shopPageImport ??= import("@/data/shop-page");
  return shopPageImport;
};

export const shopKeys = {
  profile: (shopId: string) => ["shop", shopId, "profile"] as const,
  reviews: (shopId: string) => ["shop", shopId, "reviews"] as const,
};

/** The shop's public profile (profiles/{uid}); null when there is none. */
export function useShopProfile(shopId: string) {
  return useQuery({
    queryKey: shopKeys.profile(shopId),
    // A rating just given must show when the buyer comes to look.
    staleTime: 0,
    queryFn: async () => (await profilesModule()).getPublicProfile(shopId),
  });
}

/** The shop's latest reviews, newest first. */
export function useShopReviews(shopId: string, enabled: boolean) {
  return useQuery({
    queryKey: shopKeys.reviews(shopId),
    staleTime: 0,
    enabled,
    queryFn: async () => (await shopPageModule()).listShopReviews(shopId, SHOP_REVIEWS_SHOWN),
  });
}
