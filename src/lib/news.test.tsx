import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import type { News } from "@/domain/notifications/unread-counts";
import { tellNews } from "@/testing/news";
import { useRefreshOnNews } from "./news";

function setup(wanted?: (news: News) => boolean, screens = 1) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let reads = 0;
  const read = vi.fn(
    () =>
      new Promise<number>((resolve) => {
        reads += 1;
        setTimeout(() => resolve(reads), 5);
      }),
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = () => {
    for (let index = 0; index < screens; index += 1) {
      // biome-ignore lint/correctness/useHookAtTopLevel: a fixed number of screens on one page.
      useRefreshOnNews("u1", ["offers", "u1"], wanted ? { wanted } : {});
    }
    return useQuery({
      queryKey: ["offers", "u1", "stats"],
      queryFn: read,
      staleTime: Number.POSITIVE_INFINITY,
    });
  };
  return { client, read, ...renderHook(hook, { wrapper }) };
}

describe("useRefreshOnNews", () => {
  it("reads nothing again for the first snapshot, nor when the counts only go down", async () => {
    const { client, read, result } = setup();
    await waitFor(() => expect(result.current.data).toBe(1));
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await tellNews(client, "u1", {
      conversations: { c1: { messages: 2 } },
      notifications: 3,
      changedAt: longAgo,
    });
    await tellNews(client, "u1", { conversations: {}, notifications: 0 });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("reads again at the first snapshot when the functions counted something as the screen read", async () => {
    const { client, read, result } = setup();
    await waitFor(() => expect(result.current.data).toBe(1));
    await tellNews(client, "u1", { conversations: {}, notifications: 1, changedAt: new Date() });
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });

  it("reads the queries under its key again when something arrives", async () => {
    const { client, read, result } = setup();
    await waitFor(() => expect(result.current.data).toBe(1));
    await tellNews(client, "u1", { conversations: {} });
    await tellNews(client, "u1", { conversations: { c1: { messages: 1 } } });
    await waitFor(() => expect(result.current.data).toBe(2));
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("reads again only for the news the screen wants", async () => {
    const { client, read, result } = setup((news) => news.notifications);
    await waitFor(() => expect(result.current.data).toBe(1));
    await tellNews(client, "u1", { conversations: {}, notifications: 0 });
    await tellNews(client, "u1", { conversations: { c1: { messages: 1, offer: true } }, notifications: 0 });
    expect(read).toHaveBeenCalledTimes(1);
    await tellNews(client, "u1", { conversations: { c1: { messages: 1, offer: true } }, notifications: 1 });
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });

  it("reads once when several screens of the page follow the same key", async () => {
    const { client, read, result } = setup(undefined, 3);
    await waitFor(() => expect(result.current.data).toBe(1));
    await tellNews(client, "u1", { conversations: {}, notifications: 0 });
    await tellNews(client, "u1", { conversations: {}, notifications: 1 });
    await waitFor(() => expect(result.current.data).toBe(2));
    expect(read).toHaveBeenCalledTimes(2);
  });
});
