import { FAILURE_REASONS, type FailureReason, failureReason } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";

/** The refusals of algoChat the chat words itself, told by their code (the HttpsError's details). */
const SAID_AS_SUCH: Partial<Record<FailureReason, string>> = {
  [FAILURE_REASONS.algoConversationClosed]: ERROR_MESSAGES.algoConversationClosed,
  [FAILURE_REASONS.algoConversationNotFound]: ERROR_MESSAGES.algoConversationNotFound,
};

/** The spec's 'Errore nella comunicazione con Algo', unless the function said why the conversation is over. */
export function algoFailureMessage(error: unknown): string {
  const reason = failureReason(error);
  return (reason && SAID_AS_SUCH[reason]) ?? ERROR_MESSAGES.algoCommunication;
}
