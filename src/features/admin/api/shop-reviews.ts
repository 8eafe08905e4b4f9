import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { decideShopReview, listShopReviews } from "@/data/shops";
import type { ShopReviewDecision } from "@/domain/people/shop-review";

const keys = { shops: ["admin-shop-reviews"] as const };

/** The shops waiting for approval, oldest first (opening it retries VIES where it did not answer). */
export function useShopReviewQueue(enabled: boolean) {
  return useQuery({
    queryKey: keys.shops,
    queryFn: listShopReviews,
    enabled,
    select: (answer) => answer.reviews,
  });
}

export function useDecideShop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShopReviewDecision) => decideShopReview(input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.shops }),
  });
}
