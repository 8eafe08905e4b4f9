import { type NewConversationInput, newConversationInputSchema } from "./conversation.ts";
import { CONVERSATION_STATUS } from "./state-machine.ts";

/**
 * conversations/{offerId} as submitOffer opens it, in the same transaction as the offer (which also marks
 * the offer unread in the buyer's unreadCounts), with both participants' public names and the request's
 * product read by the server. Pure: `now` gives the writer's time value.
 */
export function buildConversationDocument<Time>(input: NewConversationInput, now: () => Time) {
  const parsed = newConversationInputSchema.parse(input);
  return {
    participants: parsed.participants,
    requestId: parsed.requestId,
    offerId: parsed.offerId,
    ...(parsed.productName ? { productName: parsed.productName } : {}),
    status: CONVERSATION_STATUS.active,
    createdAt: now(),
    updatedAt: now(),
  };
}
