import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import type { Listener } from "@/data/listen";
import { useRefreshOnChange } from "./live-cache";

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let listener: Listener<number> | undefined;
  const subscribe = vi.fn(async (next: Listener<number>) => {
    listener = next;
    return () => undefined;
  });
  const read = vi.fn(async () => "counts");
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = () => {
    useRefreshOnChange(["merchant", "u1"], subscribe);
    return useQuery({
      queryKey: ["merchant", "u1", "stats"],
      queryFn: read,
      staleTime: Number.POSITIVE_INFINITY,
    });
  };
  return { client, wrapper, hook, read, emit: (value: number) => act(() => listener?.next(value)) };
}

describe("useRefreshOnChange", () => {
  it("takes the first snapshot as what the screen read, and refreshes on the next ones", async () => {
    const { wrapper, hook, read, emit } = setup();
    const { result } = renderHook(hook, { wrapper });
    await waitFor(() => expect(result.current.data).toBe("counts"));
    await emit(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(read).toHaveBeenCalledTimes(1);
    await emit(2);
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });

  it("refreshes on the first snapshot when the screen's data was read before the listener started", async () => {
    const { client, wrapper, hook, read, emit } = setup();
    client.setQueryData(["merchant", "u1", "stats"], "counts", { updatedAt: Date.now() - 10_000 });
    renderHook(hook, { wrapper });
    await emit(1);
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
  });
});
