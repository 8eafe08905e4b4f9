import { type NewConversationInput, newConversationInputSchema } from "./conversation.ts";
import { CONVERSATION_STATUS } from "./state-machine.ts";

/**
 * conversations/{offerId} as the offer's merchant opens it, in the same batch as the offer (the app's
 * saveOffer, the seed). Pure: `now` gives the writer's time value.
 */
export function buildConversationDocument<Time>(input: NewConversationInput, now: () => Time) {
  const parsed = newConversationInputSchema.parse(input);
  return {
    participants: parsed.participants,
    requestId: parsed.requestId,
    offerId: parsed.offerId,
    status: CONVERSATION_STATUS.active,
    createdAt: now(),
    updatedAt: now(),
  };
}
