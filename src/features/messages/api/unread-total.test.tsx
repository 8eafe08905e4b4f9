import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import type { Listener } from "@/data/listen";
import { subscribeToUnreadCounts } from "@/data/unread-counts";
import type { UnreadCounts } from "@/domain/notifications/unread-counts";
import { useCachedUnreadCounts, useUnreadTotal } from "./unread-total";

vi.mock("@/data/unread-counts", () => ({ subscribeToUnreadCounts: vi.fn() }));

const BUYER = "buyer-1";

// The listener the hook started, to push snapshots into it as Firestore would; what it stopped.
let listener: Listener<UnreadCounts> | undefined;
let stopped = 0;

let client: QueryClient;

function wrapper({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ToastProvider>
  );
}

const entry = (messages: number, offer = false) => ({ messages, offer, counted: [] });
const push = (counts: UnreadCounts) => act(() => listener?.next(counts));

beforeEach(() => {
  vi.clearAllMocks();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  listener = undefined;
  stopped = 0;
  vi.mocked(subscribeToUnreadCounts).mockImplementation((_uid, next) => {
    listener = next;
    return () => {
      stopped += 1;
    };
  });
});

/** The cache notifies its observers asynchronously (react-query's notifyManager). */
const total = (result: { current: number }, expected: number) =>
  waitFor(() => expect(result.current).toBe(expected));

describe("useUnreadTotal", () => {
  it("adds up the user's unread counts, live, from one document", async () => {
    const { result } = renderHook(() => useUnreadTotal(BUYER), { wrapper });
    await total(result, 0);
    await waitFor(() => expect(listener).toBeDefined());
    expect(subscribeToUnreadCounts).toHaveBeenCalledWith(BUYER, expect.anything());

    push({ conversations: { a: entry(2), b: entry(0, true) } });
    await total(result, 3);
    // A message arrives in a, then the buyer reads a.
    push({ conversations: { a: entry(3), b: entry(0, true) } });
    await total(result, 4);
    push({ conversations: { b: entry(0, true) } });
    await total(result, 1);
  });

  it("leaves out the conversation open on screen", async () => {
    const { result } = renderHook(() => useUnreadTotal(BUYER, "a"), { wrapper });
    await waitFor(() => expect(listener).toBeDefined());
    push({ conversations: { a: entry(5), b: entry(1) } });
    await total(result, 1);
  });

  it("opens one listener whatever the number of conversations, and stops it on unmount", async () => {
    const { result, unmount } = renderHook(() => useUnreadTotal(BUYER), { wrapper });
    await waitFor(() => expect(listener).toBeDefined());
    const twelve = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`c${i}`, entry(1)]));
    push({ conversations: twelve });
    await total(result, 12);
    push({ conversations: { ...twelve, c12: entry(1) } });
    await total(result, 13);
    expect(subscribeToUnreadCounts).toHaveBeenCalledTimes(1);
    unmount();
    expect(stopped).toBe(1);
  });

  it("shares what it hears with the conversation list, which does not listen itself", async () => {
    const { result } = renderHook(
      () => ({ total: useUnreadTotal(BUYER), cached: useCachedUnreadCounts(BUYER) }),
      { wrapper },
    );
    await waitFor(() => expect(listener).toBeDefined());
    push({ conversations: { a: entry(2) } });
    await waitFor(() => expect(result.current.cached).toEqual({ conversations: { a: entry(2) } }));
    expect(subscribeToUnreadCounts).toHaveBeenCalledTimes(1);
  });
});
