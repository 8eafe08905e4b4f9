import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SHOP_REVIEWS_SHOWN } from "@/domain/people/shop-page";
import { lazyModule, usePageRead } from "@/lib/page-data";

// The data modules load with the first read, not with the route (src/lib/page-data.ts).
const profilesModule = lazyModule(() => import("@/data/profiles"));
const shopPageModule = lazyModule(() => import("@/data/shop-page"));

export const shopKeys = {
  profile: (shopId: string) => ["shop", shopId, "profile"] as const,
  reviews: (shopId: string) => ["shop", shopId, "reviews"] as const,
};

/** The shop's public profile (profiles/{uid}); null when there is none. */
export function useShopProfile(shopId: string) {
  // Read on each visit: a rating just given must show when the buyer comes to look.
  const read = async () => (await profilesModule()).getPublicProfile(shopId);
  return usePageRead({ queryKey: shopKeys.profile(shopId), read });
}

/** The shop's latest reviews, newest first. */
export function useShopReviews(shopId: string, enabled: boolean) {
  const read = async () => (await shopPageModule()).listShopReviews(shopId, SHOP_REVIEWS_SHOWN);
  return usePageRead({ queryKey: shopKeys.reviews(shopId), read }, { enabled });
}

/** The shop answers (or edits its answer to) a review; the page reads the reviews again. */
export function useAnswerReview(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { reviewId: string; text: string; first: boolean }) =>
      (await shopPageModule()).answerReview({ shopId, ...input }),
    onSuccess: () => client.invalidateQueries({ queryKey: shopKeys.reviews(shopId) }),
  });
}
