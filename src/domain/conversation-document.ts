import { type NewConversationInput, newConversationInputSchema } from "./conversation.ts";
import { CONVERSATION_STATUS } from "./state-machine.ts";

/**
 * conversations/{offerId} as submitOffer opens it (unread by the buyer), in the same transaction as the offer, with both
 * participants' public names and the request's product read by the server. Pure: `now` gives the writer's time value.
 */
export function buildConversationDocument<Time>(input: NewConversationInput, now: () => Time) {
  const parsed = newConversationInputSchema.parse(input);
  return {
    participants: parsed.participants,
    requestId: parsed.requestId,
    offerId: parsed.offerId,
    ...(parsed.productName ? { productName: parsed.productName } : {}),
    status: CONVERSATION_STATUS.active,
    // The new offer is unread by the buyer until they open the chat.
    unreadOfferFor: parsed.participants.customerId,
    createdAt: now(),
    updatedAt: now(),
  };
}
