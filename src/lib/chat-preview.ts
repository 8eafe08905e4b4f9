import { DEVICE_STORAGE_KEYS } from "@/domain/core/device-storage";
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_PREVIEW_MAX_CHATS,
  CHAT_PREVIEW_MAX_MESSAGES,
  DISPLAY_NAME_MAX_LENGTH,
} from "@/domain/core/limits";
import { MESSAGE_TYPE } from "@/domain/marketplace/message-type";

/**
 * A copy, on this device, of the signed-in user's last opened conversations: who, what about, whether it
 * is closed and the newest messages. When one of them is opened again, the route's frame paints it at
 * once (messages-shell.tsx, ConversationShell), while the session and the page's reads confirm it; the
 * page then replaces it with the live thread in the same place (docs/lighthouse.md at 1a8da11, sixth pass).
 *
 * - Only the signed-in user's own conversations, written by the chat screen after it showed them.
 * - Cleared at sign-out and whenever another account (or none) is found signed in on this browser
 *   (session-runtime.ts), dropped for a conversation the page can no longer read.
 * - Listed on the cookie page (legal-cookies.ts). Storage failures only lose the head start.
 *
 * Read by the entry chunk, so checked by hand rather than with zod (which the marketing pages never load).
 */
export type ChatPreviewMessage = {
  id: string;
  senderId: string;
  senderName: string;
  content: string;
  createdAt: Date;
  /** A deal's note the server wrote ('system'), painted as such from the copy too; absent: a person's text. */
  type?: typeof SYSTEM_TYPE;
};

export type ChatPreview = {
  conversationId: string;
  /** The other participant's public name: the chat's heading. */
  otherName: string;
  /** The other participant's id when they are the conversation's shop (the heading links to its page). */
  shopId: string | null;
  /** What the conversation is about (the heading's second line), when it was known. */
  title: string | null;
  /** Why nobody may write any more (the line that replaces the composer), or null while it is open. */
  closed: string | null;
  /** The deal panel's line about what happens next, when it showed one (a copy kept before it was added: null). */
  dealNote: string | null;
  /** The newest messages, oldest first. */
  messages: ChatPreviewMessage[];
};

type Stored = { uid: string; chats: ChatPreview[] };

const KEY = DEVICE_STORAGE_KEYS.chatPreviews;
const SYSTEM_TYPE = MESSAGE_TYPE.system;
const VERSION = 1;

const isText = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= max;

function messageFrom(raw: unknown): ChatPreviewMessage | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { id, senderId, senderName, content, at, type } = raw as Record<string, unknown>;
  if (!isText(id, 200) || !isText(senderId, 200) || !isText(content, CHAT_MESSAGE_MAX_LENGTH)) return null;
  if (typeof senderName !== "string" || senderName.length > DISPLAY_NAME_MAX_LENGTH) return null;
  if (typeof at !== "number" || !Number.isFinite(at)) return null;
  if (type !== undefined && type !== SYSTEM_TYPE) return null;
  const message = { id, senderId, senderName, content, createdAt: new Date(at) };
  return type === SYSTEM_TYPE ? { ...message, type } : message;
}

function chatFrom(raw: unknown): ChatPreview | null {
  if (typeof raw !== "object" || raw === null) return null;
  const {
    conversationId,
    otherName,
    shopId,
    title,
    closed,
    dealNote = null,
    messages,
  } = raw as Record<string, unknown>;
  if (!isText(conversationId, 400) || !isText(otherName, DISPLAY_NAME_MAX_LENGTH)) return null;
  if ((shopId !== null && !isText(shopId, 200)) || !Array.isArray(messages)) return null;
  if (title !== null && !isText(title, 400)) return null;
  if (closed !== null && !isText(closed, 400)) return null;
  if (dealNote !== null && !isText(dealNote, 400)) return null;
  const parsed = messages.slice(-CHAT_PREVIEW_MAX_MESSAGES).map(messageFrom);
  if (parsed.some((message) => message === null)) return null;
  return {
    conversationId,
    otherName,
    shopId,
    title,
    closed,
    dealNote,
    messages: parsed as ChatPreviewMessage[],
  };
}

function read(): Stored | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return null;
    const { v, uid, chats } = parsed as Record<string, unknown>;
    if (v !== VERSION || !isText(uid, 200) || !Array.isArray(chats)) return null;
    const valid = chats.slice(0, CHAT_PREVIEW_MAX_CHATS).map(chatFrom);
    return { uid, chats: valid.filter((chat): chat is ChatPreview => chat !== null) };
  } catch {
    return null;
  }
}

function write(stored: Stored | null): void {
  try {
    if (!stored || stored.chats.length === 0) {
      globalThis.localStorage?.removeItem(KEY);
      return;
    }
    const chats = stored.chats.map((chat) => ({
      ...chat,
      messages: chat.messages.map(({ createdAt, ...message }) => ({ ...message, at: createdAt.getTime() })),
    }));
    globalThis.localStorage?.setItem(KEY, JSON.stringify({ v: VERSION, uid: stored.uid, chats }));
  } catch {
    // A full or blocked storage only loses the head start.
  }
}

/**
 * The copy of a conversation kept on this device, with the account it belongs to (whose messages are
 * "own"), or null (never kept, unreadable, or cleared).
 */
export function readChatPreview(conversationId: string): { uid: string; preview: ChatPreview } | null {
  const stored = read();
  const preview = stored?.chats.find((chat) => chat.conversationId === conversationId);
  return stored && preview ? { uid: stored.uid, preview } : null;
}

/** Keeps `preview` as `uid`'s most recent chat (the newest messages only, the last few chats only). */
export function saveChatPreview(uid: string, preview: ChatPreview): void {
  const stored = read();
  const others = stored?.uid === uid ? stored.chats : [];
  const kept: ChatPreview = { ...preview, messages: preview.messages.slice(-CHAT_PREVIEW_MAX_MESSAGES) };
  write({
    uid,
    chats: [kept, ...others.filter((chat) => chat.conversationId !== preview.conversationId)].slice(
      0,
      CHAT_PREVIEW_MAX_CHATS,
    ),
  });
}

/** Drops one conversation's copy (the page could not read it any more). */
export function forgetChatPreview(conversationId: string): void {
  const stored = read();
  if (!stored) return;
  write({ uid: stored.uid, chats: stored.chats.filter((chat) => chat.conversationId !== conversationId) });
}

/** Keeps the copies only if they are `uid`'s: null (signed out) or another account clears them. */
export function keepChatPreviewsOf(uid: string | null): void {
  try {
    if (globalThis.localStorage?.getItem(KEY) === null) return;
  } catch {
    return;
  }
  const stored = read();
  if (!stored || stored.uid !== uid) write(null);
}
