import {
  algoChatInputSchema,
  algoChatOutputSchema,
  publishAlgoRequestInputSchema,
  publishAlgoRequestOutputSchema,
} from "@/domain/algo/algo";
import { publishRequestInputSchema, publishRequestOutputSchema } from "@/domain/marketplace/request-form";
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

/** publishRequest: 'Compila tu', the plain form's 'Pubblica gratis' (the same publishing, no token spent). */
export const publishRequest = callable(
  "publishRequest",
  publishRequestInputSchema,
  publishRequestOutputSchema,
);
