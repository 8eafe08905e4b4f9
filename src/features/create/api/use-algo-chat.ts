import { useCallback, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { sendAlgoMessage } from "@/data/algo";
import type { AlgoChatOutput, AlgoExtractedData } from "@/domain/algo";
import { errorMessage } from "@/domain/errors";
import { BUYER_MESSAGES, ERROR_MESSAGES } from "@/domain/messages";
import type { LocationInput } from "@/domain/request";
import { useRememberTokenBalance } from "@/lib/token-balance";

export type ChatRole = "user" | "assistant";
export type ChatMessage = { id: string; role: ChatRole; text: string; imageUrl?: string };

export type AlgoTurn = {
  text: string;
  /** Base64 JPEG without the data: prefix, and its preview for the chat bubble. */
  image?: { base64: string; previewUrl: string };
  location?: LocationInput;
  actionRadius: number;
};

type Callbacks = {
  onOutOfTokens: () => void;
  onPublished: (requestId: string) => void;
};

/** The spec's 'Errore nella comunicazione con Algo', unless the function said why the conversation is over. */
function algoFailureMessage(error: unknown): string {
  const message = errorMessage(error, ERROR_MESSAGES.algoCommunication);
  const specific: string[] = [ERROR_MESSAGES.algoConversationClosed, ERROR_MESSAGES.algoConversationNotFound];
  return specific.includes(message) ? message : ERROR_MESSAGES.algoCommunication;
}

let nextMessageId = 0;
const messageId = () => `m${++nextMessageId}`;

/**
 * The conversation with Algo: messages, what Algo has gathered and the loading flag. Each turn calls
 * algoChat directly (not a react-query mutation) because a failure has its own toast, 'Errore nella
 * comunicazione con Algo', and must give the text back to the composer. `send` resolves true when
 * Algo answered.
 */
export function useAlgoChat({ onOutOfTokens, onPublished }: Callbacks) {
  const { toastError } = useToast();
  const rememberBalance = useRememberTokenBalance();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    { id: messageId(), role: "assistant", text: BUYER_MESSAGES.algoWelcome },
  ]);
  const [extractedData, setExtractedData] = useState<AlgoExtractedData>({});
  const [loading, setLoading] = useState(false);
  const [completed, setCompleted] = useState(false);
  const conversationId = useRef<string | undefined>(undefined);

  const send = useCallback(
    async (turn: AlgoTurn): Promise<boolean> => {
      const pending: ChatMessage = {
        id: messageId(),
        role: "user",
        text: turn.text.trim(),
        ...(turn.image ? { imageUrl: turn.image.previewUrl } : {}),
      };
      setMessages((current) => [...current, pending]);
      setLoading(true);
      let output: AlgoChatOutput;
      try {
        output = await sendAlgoMessage({
          ...(conversationId.current ? { conversationId: conversationId.current } : {}),
          message: turn.text.trim(),
          ...(turn.image ? { imageBase64: turn.image.base64 } : {}),
          ...(turn.location ? { location: turn.location } : {}),
          actionRadius: turn.actionRadius,
        });
      } catch (error) {
        console.error("algoChat failed", error);
        setMessages((current) => current.filter((message) => message.id !== pending.id));
        toastError(algoFailureMessage(error));
        return false;
      } finally {
        setLoading(false);
      }
      conversationId.current = output.conversationId;
      rememberBalance(output.tokenBalance);
      setExtractedData(output.extractedData);
      setMessages((current) => [...current, { id: messageId(), role: "assistant", text: output.message }]);
      if (output.outOfTokens) onOutOfTokens();
      if (output.isComplete && output.requestId) {
        setCompleted(true);
        onPublished(output.requestId);
      }
      return true;
    },
    [onOutOfTokens, onPublished, toastError, rememberBalance],
  );

  return { messages, extractedData, loading, completed, send };
}
