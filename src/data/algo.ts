import { httpsCallable } from "firebase/functions";
import {
  type AlgoChatInput,
  type AlgoChatOutput,
  algoChatInputSchema,
  algoChatOutputSchema,
} from "@/domain/algo";
import { getFunctionsInstance } from "@/lib/firebase";

/**
 * algoChat (architecture §2): one turn of the conversation with Algo. The function spends the
 * tokens and, when the request is complete, publishes it itself (`requestId`). Input and output are
 * checked with the domain schemas the function uses.
 */
export async function sendAlgoMessage(input: AlgoChatInput): Promise<AlgoChatOutput> {
  const callable = httpsCallable<unknown, unknown>(await getFunctionsInstance(), "algoChat");
  const { data } = await callable(algoChatInputSchema.parse(input));
  return algoChatOutputSchema.parse(data);
}
