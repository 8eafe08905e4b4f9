import { shopVerificationInputSchema, verifyShopOutputSchema } from "@/domain/shop-verification";
import { callable } from "./callables";

/**
 * verifyShop (functions/src/shops/verify-shop.ts): the server checks the shop (a proved e-mail, business
 * name, Partita IVA, address with a position, categories) and writes users/{uid}.shop, which grants the
 * feed, offers and Leonardo. The session's live users/{uid} then carries the new `shop`.
 */
export const verifyShop = callable("verifyShop", shopVerificationInputSchema, verifyShopOutputSchema);
