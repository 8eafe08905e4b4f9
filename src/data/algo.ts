import { algoChatInputSchema, algoChatOutputSchema } from "@/domain/algo";
import { callable } from "./callables";

/**
 * algoChat (architecture §2): one turn of the conversation with Algo. The function spends the
 * tokens and, when the request is complete, publishes it itself (`requestId`).
 */
export const sendAlgoMessage = callable("algoChat", algoChatInputSchema, algoChatOutputSchema);
