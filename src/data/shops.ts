import { z } from "zod";
import {
  decideShopReviewInputSchema,
  decideShopReviewOutputSchema,
  listShopReviewsOutputSchema,
} from "@/domain/people/shop-review";
import { shopVerificationInputSchema, verifyShopOutputSchema } from "@/domain/people/shop-verification";
import { callable } from "./callables";

/**
 * verifyShop (functions/src/shops/verify-shop.ts): the server checks the shop (a proved e-mail, business
 * name, Partita IVA, address with a position, categories), asks VIES and writes users/{uid}.shop
 * `pending` until an admin approves it (`verified` grants the feed, offers and Leonardo). The session's
 * live users/{uid} then carries the new `shop`.
 */
export const verifyShop = callable("verifyShop", shopVerificationInputSchema, verifyShopOutputSchema);

/** The admin's review queue (functions/src/shops/shop-reviews.ts: admins only; it retries VIES). */
const listShopReviewsCall = callable("listShopReviews", z.object({}), listShopReviewsOutputSchema);
export function listShopReviews() {
  return listShopReviewsCall({});
}

/** An admin approves a waiting shop, or refuses it with a reason; the shop is told by e-mail. */
export const decideShopReview = callable(
  "decideShopReview",
  decideShopReviewInputSchema,
  decideShopReviewOutputSchema,
);
