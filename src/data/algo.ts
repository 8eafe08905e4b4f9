import {
  algoChatInputSchema,
  algoChatOutputSchema,
  publishAlgoRequestInputSchema,
  publishAlgoRequestOutputSchema,
} from "@/domain/algo";
import { callable } from "./callables";

/**
 * algoChat (architecture §2): one turn of the conversation with Algo. The function spends the tokens
 * and keeps the draft (fields and place); it never publishes.
 */
export const sendAlgoMessage = callable("algoChat", algoChatInputSchema, algoChatOutputSchema);

/** publishAlgoRequest: the summary card's 'Pubblica', the only way a request is published. */
export const publishAlgoRequest = callable(
  "publishAlgoRequest",
  publishAlgoRequestInputSchema,
  publishAlgoRequestOutputSchema,
);
