import { describe, expect, it } from "vitest";
import { validateWith } from "../core/validation.ts";
import { conversationSchema, isParticipant, mergeConversations, otherParticipant } from "./conversation.ts";
import { isReadBy, messageSchema, newMessageInputSchema } from "./message.ts";

const participants = { customerId: "c1", customerName: "Anna", merchantId: "m1", merchantName: "Bici Marco" };
const at = (iso: string) => new Date(iso);

describe("conversations", () => {
  const conversation = {
    id: "k1",
    participants,
    requestId: "r1",
    offerId: "o1",
    status: "active",
    lastMessage: { content: "Ciao", senderId: "c1", timestamp: at("2025-06-01T10:00:00Z") },
    createdAt: at("2025-06-01T09:00:00Z"),
    updatedAt: at("2025-06-01T10:00:00Z"),
  };

  it("parses the spec's shape", () => {
    expect(conversationSchema.safeParse(conversation).success).toBe(true);
    expect(conversationSchema.safeParse({ ...conversation, status: "archived" }).success).toBe(false);
    // A function closes it for an admin or a deleted account, and says which.
    expect(
      conversationSchema.safeParse({ ...conversation, status: "closed", closedBy: "moderation" }).success,
    ).toBe(true);
  });

  it("knows participants and the other side", () => {
    expect(isParticipant(conversation, "c1")).toBe(true);
    expect(isParticipant(conversation, "x")).toBe(false);
    expect(otherParticipant(conversation, "c1")).toEqual({ id: "m1", name: "Bici Marco" });
    expect(otherParticipant(conversation, "m1")).toEqual({ id: "c1", name: "Anna" });
  });

  it("merges the two queries without duplicates, newest update first", () => {
    const a = { id: "a", updatedAt: at("2025-06-01T10:00:00Z") };
    const b = { id: "b", updatedAt: at("2025-06-03T10:00:00Z") };
    const c = { id: "c", updatedAt: at("2025-06-02T10:00:00Z") };
    expect(mergeConversations([a, b], [b, c]).map((x) => x.id)).toEqual(["b", "c", "a"]);
    expect(mergeConversations()).toEqual([]);
  });
});

describe("messages", () => {
  const message = {
    id: "x1",
    conversationId: "k1",
    senderId: "c1",
    senderName: "Anna",
    senderType: "customer",
    content: "Ciao",
    type: "text",
    readBy: ["c1"],
    createdAt: at("2025-06-01T10:00:00Z"),
  };

  it("parses the spec's shape", () => {
    expect(messageSchema.safeParse(message).success).toBe(true);
    expect(messageSchema.safeParse({ ...message, type: "image" }).success).toBe(false);
  });

  it("validates a new message: trimmed, not empty", () => {
    const input = { conversationId: "k1", senderName: "Anna", senderType: "customer", content: "  Ciao  " };
    expect(newMessageInputSchema.parse(input).content).toBe("Ciao");
    expect(validateWith(newMessageInputSchema, { ...input, content: "   " })).toEqual({
      ok: false,
      message: "Scrivi un messaggio prima di inviarlo",
    });
  });

  it("tracks reads", () => {
    expect(isReadBy(message, "c1")).toBe(true);
    expect(isReadBy(message, "m1")).toBe(false);
  });
});
