import { useEffect } from "react";
import type { Message } from "@/domain/marketplace/message";
import { MESSAGE_TYPE } from "@/domain/marketplace/message-type";
import { type ChatPreview, saveChatPreview } from "@/lib/chat-preview";

type Shown = Omit<ChatPreview, "messages"> & { messages: readonly Message[] };

/**
 * Keeps the chat on screen as `uid`'s latest on this device (src/lib/chat-preview.ts), whenever what it
 * shows changes: a new message, the deal closing or moving on, the heading's second line arriving. `shown` is null
 * while the chat is not whole yet (loading, or failed), so that no half chat is kept.
 */
export function useKeepChatPreview(uid: string, shown: Shown | null): void {
  const newest = shown?.messages.at(-1);
  const version = shown
    ? [
        shown.conversationId,
        shown.otherName,
        shown.shopId,
        shown.title,
        shown.closed,
        shown.dealNote,
        shown.messages.length,
        newest?.id,
        newest?.content,
      ].join("\u0000")
    : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: saved when what is shown changes (version), not on every render's new array.
  useEffect(() => {
    if (!shown || !uid) return;
    saveChatPreview(uid, {
      conversationId: shown.conversationId,
      otherName: shown.otherName,
      shopId: shown.shopId,
      title: shown.title || null,
      closed: shown.closed || null,
      dealNote: shown.dealNote || null,
      messages: shown.messages.map(({ id, senderId, senderName, content, createdAt, type }) => ({
        id,
        senderId,
        senderName,
        content,
        createdAt,
        ...(type === MESSAGE_TYPE.system ? { type } : {}),
      })),
    });
  }, [uid, version]);
}
