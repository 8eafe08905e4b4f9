import { httpsCallable } from "firebase/functions";
import type { z } from "zod";
import {
  type AcceptOfferInput,
  type AcceptOfferOutput,
  acceptOfferInputSchema,
  acceptOfferOutputSchema,
  type CompleteTransactionInput,
  type CompleteTransactionOutput,
  completeTransactionInputSchema,
  completeTransactionOutputSchema,
  type RejectOfferInput,
  type RejectOfferOutput,
  rejectOfferInputSchema,
  rejectOfferOutputSchema,
} from "@/domain/callables";
import { getFunctionsInstance } from "@/lib/firebase";

/**
 * Closing a deal (spec §4, architecture §2): accepting, rejecting and completing touch another user's
 * data, so they are callables (functions/src/deals). Inputs are checked before the call and outputs
 * after it with the domain schemas the functions use; failures keep the HttpsError's code and message.
 */
async function call<S extends z.ZodType>(name: string, input: unknown, output: S): Promise<z.output<S>> {
  const callable = httpsCallable<unknown, unknown>(await getFunctionsInstance(), name);
  const { data } = await callable(input);
  return output.parse(data);
}

export function acceptOffer(input: AcceptOfferInput): Promise<AcceptOfferOutput> {
  return call("acceptOffer", acceptOfferInputSchema.parse(input), acceptOfferOutputSchema);
}

export function rejectOffer(input: RejectOfferInput): Promise<RejectOfferOutput> {
  return call("rejectOffer", rejectOfferInputSchema.parse(input), rejectOfferOutputSchema);
}

export function completeTransaction(input: CompleteTransactionInput): Promise<CompleteTransactionOutput> {
  return call(
    "completeTransaction",
    completeTransactionInputSchema.parse(input),
    completeTransactionOutputSchema,
  );
}
