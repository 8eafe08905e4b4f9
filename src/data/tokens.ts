import { httpsCallable } from "firebase/functions";
import {
  type PurchaseTokensInput,
  type PurchaseTokensOutput,
  purchaseTokensInputSchema,
  purchaseTokensOutputSchema,
} from "@/domain/callables";
import { getFunctionsInstance } from "@/lib/firebase";
import { getUser } from "./users";

/**
 * purchaseTokens (architecture §2, §5): credits a pack once per `paymentId`; replaying the same id
 * returns the same purchase (`replayed`) without crediting again.
 */
export async function purchaseTokens(input: PurchaseTokensInput): Promise<PurchaseTokensOutput> {
  const callable = httpsCallable<unknown, unknown>(await getFunctionsInstance(), "purchaseTokens");
  const { data } = await callable(purchaseTokensInputSchema.parse(input));
  return purchaseTokensOutputSchema.parse(data);
}

/** The AI token balance of users/{uid} (0 when the document has none; null when there is no document). */
export async function getTokenBalance(uid: string): Promise<number | null> {
  const user = await getUser(uid);
  return user ? (user.aiTokens ?? 0) : null;
}
