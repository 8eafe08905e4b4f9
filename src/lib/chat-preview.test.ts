// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { DEVICE_STORAGE_KEYS } from "@/domain/core/device-storage";
import { CHAT_PREVIEW_MAX_CHATS, CHAT_PREVIEW_MAX_MESSAGES } from "@/domain/core/limits";
import {
  type ChatPreview,
  forgetChatPreview,
  keepChatPreviewsOf,
  readChatPreview,
  saveChatPreview,
} from "./chat-preview";

const KEY = DEVICE_STORAGE_KEYS.chatPreviews;

const message = (n: number) => ({
  id: `m${n}`,
  senderId: n % 2 ? "buyer-1" : "shop-1",
  senderName: n % 2 ? "Anna" : "Elettronica Navigli",
  content: `Messaggio ${n}`,
  createdAt: new Date(Date.UTC(2026, 10, 27, 9, n)),
});

const chat = (conversationId: string, count = 2): ChatPreview => ({
  conversationId,
  otherName: "Elettronica Navigli",
  shopId: "shop-1",
  title: "Caricatore USB-C",
  closed: null,
  dealNote: null,
  messages: Array.from({ length: count }, (_, index) => message(index + 1)),
});

describe("chat previews on this device", () => {
  beforeEach(() => localStorage.clear());

  it("gives back what the chat screen saved, dates included", () => {
    saveChatPreview("buyer-1", chat("req-1_shop-1"));
    expect(readChatPreview("req-1_shop-1")).toEqual({ uid: "buyer-1", preview: chat("req-1_shop-1") });
    expect(readChatPreview("req-2_shop-1")).toBeNull();
  });

  it("keeps a deal's system line as such, and reads an unknown type as damaged", () => {
    const system = { ...message(3), senderId: "system", senderName: "Vicino", type: "system" as const };
    saveChatPreview("buyer-1", { ...chat("c1"), messages: [message(1), system] });
    const kept = readChatPreview("c1")?.preview.messages ?? [];
    expect(kept.map((item) => item.type)).toEqual([undefined, "system"]);
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    stored.chats[0].messages[1].type = "image";
    localStorage.setItem(KEY, JSON.stringify(stored));
    expect(readChatPreview("c1")).toBeNull();
  });

  it("keeps the newest messages and the last opened chats only, the latest first", () => {
    saveChatPreview("buyer-1", chat("c1", CHAT_PREVIEW_MAX_MESSAGES + 5));
    const kept = readChatPreview("c1")?.preview.messages ?? [];
    expect(kept).toHaveLength(CHAT_PREVIEW_MAX_MESSAGES);
    expect(kept.at(-1)?.id).toBe(`m${CHAT_PREVIEW_MAX_MESSAGES + 5}`);
    expect(kept[0]?.id).toBe("m6");

    for (let n = 2; n <= CHAT_PREVIEW_MAX_CHATS + 1; n++) saveChatPreview("buyer-1", chat(`c${n}`));
    expect(readChatPreview("c1")).toBeNull();
    expect(readChatPreview(`c${CHAT_PREVIEW_MAX_CHATS + 1}`)).not.toBeNull();
    // Saving a kept chat again makes it the latest, without a duplicate.
    saveChatPreview("buyer-1", chat("c2", 3));
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "{}") as { chats: { conversationId: string }[] };
    expect(stored.chats.map((c) => c.conversationId)).toEqual(["c2", "c4", "c3"]);
  });

  it("never mixes accounts: another account's save replaces the copies", () => {
    saveChatPreview("buyer-1", chat("c1"));
    saveChatPreview("shop-9", chat("c2"));
    expect(readChatPreview("c1")).toBeNull();
    expect(readChatPreview("c2")).not.toBeNull();
  });

  it("is cleared when nobody or another account is signed in, kept for the same account", () => {
    saveChatPreview("buyer-1", chat("c1"));
    keepChatPreviewsOf("buyer-1");
    expect(readChatPreview("c1")).not.toBeNull();
    keepChatPreviewsOf("shop-9");
    expect(localStorage.getItem(KEY)).toBeNull();

    saveChatPreview("buyer-1", chat("c1"));
    keepChatPreviewsOf(null);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("forgets one conversation, and the key when none is left", () => {
    saveChatPreview("buyer-1", chat("c1"));
    saveChatPreview("buyer-1", chat("c2"));
    forgetChatPreview("c1");
    expect(readChatPreview("c1")).toBeNull();
    expect(readChatPreview("c2")).not.toBeNull();
    forgetChatPreview("c2");
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("reads damaged or foreign data as nothing, and drops only the damaged chat", () => {
    localStorage.setItem(KEY, "{not json");
    expect(readChatPreview("c1")).toBeNull();
    localStorage.setItem(KEY, JSON.stringify({ v: 99, uid: "buyer-1", chats: [] }));
    expect(readChatPreview("c1")).toBeNull();

    saveChatPreview("buyer-1", chat("c1"));
    saveChatPreview("buyer-1", chat("c2"));
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "{}") as {
      chats: { messages: { at: unknown }[] }[];
    };
    const [damaged] = stored.chats;
    if (damaged?.messages[0]) damaged.messages[0].at = "yesterday";
    localStorage.setItem(KEY, JSON.stringify(stored));
    expect(readChatPreview("c2")).toBeNull();
    expect(readChatPreview("c1")?.preview.messages).toHaveLength(2);
  });

  it("keeps the deal panel's line, and reads a copy kept before it had one as having none", () => {
    const note = "Se accetti, il negozio te lo tiene da parte: fino a domani alla chiusura.";
    saveChatPreview("buyer-1", { ...chat("c1"), dealNote: note });
    expect(readChatPreview("c1")?.preview.dealNote).toBe(note);

    const stored = JSON.parse(localStorage.getItem(KEY) ?? "{}") as { chats: Record<string, unknown>[] };
    for (const kept of stored.chats) delete kept.dealNote;
    localStorage.setItem(KEY, JSON.stringify(stored));
    expect(readChatPreview("c1")?.preview).toMatchObject({ conversationId: "c1", dealNote: null });

    const [only] = stored.chats;
    if (only) only.dealNote = 42;
    localStorage.setItem(KEY, JSON.stringify(stored));
    expect(readChatPreview("c1")).toBeNull();
  });
});
