import { spendableTokens } from "@/domain/billing/token-balance";
import { purchaseTokensInputSchema, purchaseTokensOutputSchema } from "@/domain/boundary/callables";
import { callable } from "./callables";
import { getUser } from "./users";

/**
 * purchaseTokens (architecture §2, §5): credits a pack once per `paymentId`; replaying the same id
 * returns the same purchase (`replayed`) without crediting again.
 */
export const purchaseTokens = callable(
  "purchaseTokens",
  purchaseTokensInputSchema,
  purchaseTokensOutputSchema,
);

/**
 * The AI token balance users/{uid} can spend now (with the month's allowance when its reset is due, see
 * spendableTokens); null when there is no document.
 */
export async function getTokenBalance(uid: string): Promise<number | null> {
  const user = await getUser(uid);
  return user ? spendableTokens(user, new Date()) : null;
}
