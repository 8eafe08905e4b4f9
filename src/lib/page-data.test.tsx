import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { JUST_READ_MS } from "@/domain/core/limits";
import { tellNews } from "@/testing/news";
import { lazyModule, moduleWithPage, type PageRead, prefetchPageRead, usePageRead } from "./page-data";

function counter(): PageRead<number> & { calls: () => number } {
  let reads = 0;
  return {
    queryKey: ["requests", "u1"],
    read: async () => {
      reads += 1;
      return reads;
    },
    calls: () => reads,
  };
}

function wrapperFor(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe("lazyModule", () => {
  it("loads the module once for every caller, also while the first load is on its way", async () => {
    const load = vi.fn(async () => ({ name: "requests" }));
    const module = lazyModule(load);
    const [first, second] = await Promise.all([module(), module()]);
    expect(await module()).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads it again after a failed load (a chunk lost on a bad network)", async () => {
    const load = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue({ name: "requests" });
    const module = lazyModule(load);
    await expect(module()).rejects.toThrow("Failed to fetch");
    await expect(module()).resolves.toEqual({ name: "requests" });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("moduleWithPage", () => {
  it("starts the download when declared, and the first read finds it", async () => {
    const load = vi.fn(async () => ({ name: "requests" }));
    const module = moduleWithPage(load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await module()).toEqual({ name: "requests" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("leaves a failed early download to the read, which loads it again and sees the error if it fails again", async () => {
    const load = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue({ name: "requests" });
    const module = moduleWithPage(load);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the early download fails, unreported
    await expect(module()).rejects.toThrow("Failed to fetch");
    await expect(module()).resolves.toEqual({ name: "requests" });
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe("usePageRead", () => {
  it("paints from the route's early read without reading a second time at mount", async () => {
    const client = newClient();
    const page = counter();
    prefetchPageRead(client, page);
    const { result } = renderHook(() => usePageRead(page), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.data).toBe(1));
    expect(page.calls()).toBe(1);
  });

  it("reads again at mount when the cached answer is older than JUST_READ_MS", async () => {
    const client = newClient();
    const page = counter();
    client.setQueryData(page.queryKey, 0, { updatedAt: Date.now() - JUST_READ_MS - 1 });
    const { result } = renderHook(() => usePageRead(page), { wrapper: wrapperFor(client) });
    expect(result.current.data).toBe(0);
    await waitFor(() => expect(result.current.data).toBe(1));
  });

  it("reads again at mount, however recent the answer, once the user's own change invalidated it", async () => {
    // A buyer rates a shop and opens its page within JUST_READ_MS of the page's last read: the rating's
    // mutation invalidated the page's (inactive) query, so the page must not show the answer from before.
    const client = newClient();
    const page = counter();
    client.setQueryData(page.queryKey, 0, { updatedAt: Date.now() });
    await client.invalidateQueries({ queryKey: page.queryKey });
    const { result } = renderHook(() => usePageRead(page), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.data).toBe(1));
    expect(page.calls()).toBe(1);
  });

  it("reads again when the news it wants arrives, and not for other news", async () => {
    const client = newClient();
    const page = counter();
    const { result } = renderHook(
      () => usePageRead(page, { news: { uid: "u1", wanted: (news) => news.notifications } }),
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.data).toBe(1));
    await tellNews(client, "u1", { conversations: {}, notifications: 0 });
    await tellNews(client, "u1", { conversations: { c1: { messages: 1 } }, notifications: 0 });
    expect(page.calls()).toBe(1);
    await tellNews(client, "u1", { conversations: { c1: { messages: 1 } }, notifications: 1 });
    await waitFor(() => expect(result.current.data).toBe(2));
  });

  it("reads nothing while disabled, and shows the answer through `select`", async () => {
    const client = newClient();
    const page = counter();
    const { result, rerender } = renderHook(
      ({ enabled }: { enabled: boolean }) =>
        usePageRead(page, { enabled, select: (reads) => `letture: ${reads}` }),
      { wrapper: wrapperFor(client), initialProps: { enabled: false } },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.calls()).toBe(0);
    expect(result.current.data).toBeUndefined();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data).toBe("letture: 1"));
  });
});

describe("a read whose route started it over REST (./first-read.ts)", () => {
  const query = {
    collection: "requests",
    where: [["customerId", "==", "u1"]] as const,
    orderBy: [] as const,
    limit: 50,
  };

  it("takes that answer, parsed by the data module, instead of reading again; the next read is the SDK's", async () => {
    const { keepFirstRead } = await import("./first-read");
    keepFirstRead(
      query,
      Promise.resolve([
        { id: "r1", data: {} },
        { id: "r2", data: {} },
      ]),
    );
    const page = {
      ...counter(),
      first: { query, parse: async (documents: unknown[]) => documents.length * 10 },
    };
    const client = newClient();
    prefetchPageRead(client, page);
    await waitFor(() => expect(client.getQueryData(page.queryKey)).toBe(20));
    expect(page.calls()).toBe(0);
    await client.refetchQueries({ queryKey: page.queryKey });
    expect(client.getQueryData(page.queryKey)).toBe(1);
  });

  it("reads through the SDK when the early answer was a refusal", async () => {
    const { keepFirstRead } = await import("./first-read");
    keepFirstRead(query, Promise.reject(new Error("runQuery answered 403")));
    const page = { ...counter(), first: { query, parse: async () => -1 } };
    const client = newClient();
    prefetchPageRead(client, page);
    await waitFor(() => expect(client.getQueryData(page.queryKey)).toBe(1));
  });
});
