import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { subscribeToUserConversations } from "@/data/conversations";
import type { Listener } from "@/data/listen";
import { subscribeToRecentMessages } from "@/data/messages";
import type { Conversation } from "@/domain/conversation";
import type { Message } from "@/domain/message";
import { useUnreadTotal } from "./unread-total";

vi.mock("@/data/conversations", () => ({ subscribeToUserConversations: vi.fn() }));
vi.mock("@/data/messages", () => ({ subscribeToRecentMessages: vi.fn() }));

const BUYER = "buyer-1";
const NOW = new Date();

const conversation = (id: string, merchantId: string): Conversation => ({
  id,
  participants: { customerId: BUYER, customerName: "Anna", merchantId, merchantName: merchantId },
  requestId: "r1",
  offerId: id,
  status: "active",
  createdAt: NOW,
  updatedAt: NOW,
});

const message = (id: string, senderId: string, readBy: string[] = [senderId]): Message => ({
  id,
  conversationId: "c",
  senderId,
  senderName: senderId,
  senderType: senderId === BUYER ? "customer" : "merchant",
  content: "Ciao",
  type: "text",
  readBy,
  createdAt: NOW,
});

// The listeners the hook started, to push snapshots into them as Firestore would.
let conversationsListener: Listener<Conversation[]> | undefined;
const recentListeners = new Map<string, Listener<Message[]>>();
const stopped: string[] = [];

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <ToastProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ToastProvider>
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  conversationsListener = undefined;
  recentListeners.clear();
  stopped.length = 0;
  vi.mocked(subscribeToUserConversations).mockImplementation((_uid, listener) => {
    conversationsListener = listener;
    return () => undefined;
  });
  vi.mocked(subscribeToRecentMessages).mockImplementation((id, _max, listener) => {
    recentListeners.set(id, listener);
    return () => stopped.push(id);
  });
});

/** The cache notifies its observers asynchronously (react-query's notifyManager). */
const total = (result: { current: number }, expected: number) =>
  waitFor(() => expect(result.current).toBe(expected));

const push = (id: string, messages: Message[]) => act(() => recentListeners.get(id)?.next(messages));

describe("useUnreadTotal", () => {
  it("adds up the unread messages of every conversation, live, from each one's latest 50", async () => {
    const { result } = renderHook(() => useUnreadTotal(BUYER), { wrapper });
    await total(result, 0);
    await waitFor(() => expect(conversationsListener).toBeDefined());
    act(() => conversationsListener?.next([conversation("a", "shop-1"), conversation("b", "shop-2")]));
    await waitFor(() => expect(recentListeners.size).toBe(2));
    expect(subscribeToRecentMessages).toHaveBeenCalledWith("a", 50, expect.anything());
    expect(subscribeToUserConversations).toHaveBeenCalledWith(BUYER, expect.anything());

    push("a", [message("a1", "shop-1"), message("a2", BUYER)]);
    push("b", [message("b1", "shop-2"), message("b2", "shop-2", ["shop-2", BUYER])]);
    await total(result, 2);

    // A message arrives, then the buyer reads conversation a.
    push("a", [message("a3", "shop-1"), message("a1", "shop-1"), message("a2", BUYER)]);
    await total(result, 3);
    push("a", [message("a3", "shop-1", ["shop-1", BUYER]), message("a1", "shop-1", ["shop-1", BUYER])]);
    await total(result, 1);
  });

  it("leaves out the conversation open on screen", async () => {
    const { result } = renderHook(() => useUnreadTotal(BUYER, "a"), { wrapper });
    await waitFor(() => expect(conversationsListener).toBeDefined());
    act(() => conversationsListener?.next([conversation("a", "shop-1"), conversation("b", "shop-2")]));
    await waitFor(() => expect(recentListeners.size).toBe(2));
    push("a", [message("a1", "shop-1")]);
    push("b", [message("b1", "shop-2")]);
    await total(result, 1);
  });

  it("listens to a new conversation when it appears, and stops every listener on unmount", async () => {
    const { result, unmount } = renderHook(() => useUnreadTotal(BUYER), { wrapper });
    await waitFor(() => expect(conversationsListener).toBeDefined());
    act(() => conversationsListener?.next([conversation("a", "shop-1")]));
    await waitFor(() => expect(recentListeners.has("a")).toBe(true));
    push("a", [message("a1", "shop-1")]);

    // An update of the same conversation (new lastMessage) does not restart the listeners.
    act(() => conversationsListener?.next([{ ...conversation("a", "shop-1"), updatedAt: new Date() }]));
    expect(subscribeToRecentMessages).toHaveBeenCalledTimes(1);

    act(() => conversationsListener?.next([conversation("b", "shop-2"), conversation("a", "shop-1")]));
    await waitFor(() => expect(recentListeners.has("b")).toBe(true));
    push("b", [message("b1", "shop-2"), message("b2", "shop-2")]);
    await total(result, 3);

    unmount();
    expect(stopped).toEqual(expect.arrayContaining(["a", "b"]));
  });
});
