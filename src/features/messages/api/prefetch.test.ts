import { describe, expect, it, vi } from "vitest";
import { readConversation, readUserConversations } from "@/data/conversations";
import { readNewestMessages } from "@/data/messages";
import { getOffer } from "@/data/offer-by-id";
import { getRequest } from "@/data/request-by-id";
import { createQueryClient } from "@/lib/query-client";
import { messageKeys } from "./keys";
import { prefetchMessages } from "./prefetch";

const conversation = vi.hoisted(() => ({
  id: "req-1_shop-1",
  requestId: "req-1",
  participants: { customerId: "buyer-1", merchantId: "shop-1" },
}));
vi.mock("@/data/conversations", () => ({
  readUserConversations: vi.fn(async () => ["lista"]),
  readConversation: vi.fn(async () => conversation),
  parseConversationDocuments: vi.fn(),
  parseUserConversations: vi.fn(),
}));
vi.mock("@/data/request-by-id", () => ({ getRequest: vi.fn(async () => "richiesta") }));
vi.mock("@/data/messages", () => ({
  readNewestMessages: vi.fn(async () => ["m3", "m2", "m1"]),
  parseMessageDocuments: vi.fn(),
}));
vi.mock("@/data/offer-by-id", () => ({ getOffer: vi.fn(async () => "offerta") }));

describe("prefetchMessages (the route gate's early reads)", () => {
  it("fills the list's query, and in a conversation its conversation, offer and thread (oldest first)", async () => {
    const client = createQueryClient();
    prefetchMessages(client, "buyer-1", "req-1_shop-1");
    await vi.waitFor(() => expect(client.getQueryData(messageKeys.thread("req-1_shop-1"))).toBeDefined());
    expect(client.getQueryData(messageKeys.conversations("buyer-1"))).toEqual(["lista"]);
    expect(client.getQueryData(messageKeys.conversation("req-1_shop-1"))).toBe(conversation);
    // The buyer's request too (the deal panel waits for it).
    await vi.waitFor(() => expect(client.getQueryData(messageKeys.request("req-1"))).toBe("richiesta"));
    // A conversation's id is its offer's.
    expect(getOffer).toHaveBeenCalledWith("req-1_shop-1");
    expect(client.getQueryData(messageKeys.offer("req-1_shop-1"))).toBe("offerta");
    expect(client.getQueryData(messageKeys.thread("req-1_shop-1"))).toEqual(["m1", "m2", "m3"]);
    expect(readNewestMessages).toHaveBeenCalledWith("req-1_shop-1", expect.any(Number));
    expect(readUserConversations).toHaveBeenCalledWith("buyer-1");
  });

  it("starts the buyer's request alongside the conversation: the conversation's id names it", async () => {
    let answer: ((value: typeof conversation) => void) | undefined;
    vi.mocked(readConversation).mockImplementationOnce(
      () => new Promise((resolve) => (answer = resolve)) as never,
    );
    vi.mocked(getRequest).mockClear();
    const client = createQueryClient();
    prefetchMessages(client, "buyer-1", "req-1_shop-1");
    // The conversation has not answered yet.
    expect(getRequest).toHaveBeenCalledWith("req-1");
    // The conversation is read after the list (which does not hold it) has answered.
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer?.(conversation);
    await vi.waitFor(() =>
      expect(client.getQueryData(messageKeys.conversation("req-1_shop-1"))).toBe(conversation),
    );
    // Not read a second time once the conversation confirms it.
    expect(getRequest).toHaveBeenCalledTimes(1);
  });

  it("takes the conversation from the list read beside it: the document is not read twice", async () => {
    vi.mocked(readUserConversations).mockResolvedValueOnce([conversation] as never);
    vi.mocked(readConversation).mockClear();
    const client = createQueryClient();
    prefetchMessages(client, "buyer-1", "req-1_shop-1");
    await vi.waitFor(() =>
      expect(client.getQueryData(messageKeys.conversation("req-1_shop-1"))).toBe(conversation),
    );
    expect(readConversation).not.toHaveBeenCalled();
  });

  it("reads the request after the conversation when the id names none", async () => {
    vi.mocked(readConversation).mockResolvedValueOnce({
      ...conversation,
      id: "vecchia-conversazione",
    } as never);
    vi.mocked(getRequest).mockClear();
    const client = createQueryClient();
    prefetchMessages(client, "buyer-1", "vecchia-conversazione");
    expect(getRequest).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(client.getQueryData(messageKeys.request("req-1"))).toBe("richiesta"));
  });

  it("leaves the request to a shop (it reads it only once its offer won)", async () => {
    const client = createQueryClient();
    prefetchMessages(client, "shop-1", "req-1_shop-1");
    await vi.waitFor(() =>
      expect(client.getQueryData(messageKeys.conversation("req-1_shop-1"))).toBeDefined(),
    );
    expect(client.getQueryState(messageKeys.request("req-1"))).toBeUndefined();
  });

  it("reads only the list on /messages", async () => {
    vi.mocked(readConversation).mockClear();
    const client = createQueryClient();
    prefetchMessages(client, "buyer-1");
    await vi.waitFor(() => expect(client.getQueryData(messageKeys.conversations("buyer-1"))).toBeDefined());
    expect(readConversation).not.toHaveBeenCalled();
  });
});
