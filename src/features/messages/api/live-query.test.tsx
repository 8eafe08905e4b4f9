import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import type { Listener } from "@/data/listen";
import { createQueryClient } from "@/lib/query-client";
import { useLiveQuery } from "./live-query";

// The page's "settled" moment, driven by each test (the DOM setup settles every other test at once).
const settledState = vi.hoisted(() => ({ value: false, wake: new Set<() => void>() }));
vi.mock("@/lib/after-settled", async () => {
  const { useEffect, useState } = await import("react");
  return {
    useSettled: () => {
      const [done, setDone] = useState(settledState.value);
      useEffect(() => {
        const wake = () => setDone(true);
        settledState.wake.add(wake);
        return () => {
          settledState.wake.delete(wake);
        };
      }, []);
      return done;
    },
  };
});

function settle() {
  settledState.value = true;
  act(() => {
    for (const wake of settledState.wake) wake();
  });
}

type Source = {
  listener: Listener<string> | null;
  subscribe: Mock<(listener: Listener<string>) => () => void>;
};

function liveSource(): Source {
  const source: Source = {
    listener: null,
    subscribe: vi.fn((listener: Listener<string>) => {
      source.listener = listener;
      return () => {
        source.listener = null;
      };
    }),
  };
  return source;
}

function Probe({ subscribe, read }: { subscribe: Source["subscribe"]; read?: () => Promise<string> }) {
  const live = useLiveQuery<string>({
    queryKey: ["probe"],
    subscribe,
    read,
    errorMessage: "Errore di prova",
  });
  if (live.loading) return <p>caricamento</p>;
  if (live.error) return <p role="alert">{live.error}</p>;
  return <p>valore: {live.data}</p>;
}

function renderProbe(source: Source, read?: () => Promise<string>) {
  return render(
    <ToastProvider>
      <QueryClientProvider client={createQueryClient()}>
        <Probe subscribe={source.subscribe} read={read} />
      </QueryClientProvider>
    </ToastProvider>,
  );
}

beforeEach(() => {
  settledState.value = false;
  settledState.wake.clear();
});

describe("useLiveQuery with a one-shot read", () => {
  it("paints from the read and starts the listener only once the page has settled", async () => {
    const source = liveSource();
    renderProbe(source, async () => "letto");

    expect(await screen.findByText("valore: letto")).toBeInTheDocument();
    expect(source.subscribe).not.toHaveBeenCalled();

    settle();
    expect(source.subscribe).toHaveBeenCalledTimes(1);
    act(() => source.listener?.next("dal vivo"));
    expect(await screen.findByText("valore: dal vivo")).toBeInTheDocument();
  });

  it("keeps the listener's snapshot when the read answers after it", async () => {
    settledState.value = true;
    const source = liveSource();
    let answer: (value: string) => void = () => {};
    renderProbe(source, () => new Promise<string>((resolve) => (answer = resolve)));

    act(() => source.listener?.next("più recente"));
    expect(await screen.findByText("valore: più recente")).toBeInTheDocument();
    await act(async () => {
      answer("vecchio");
      // Long enough for the read's answer to reach the screen, had it been kept.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByText("valore: più recente")).toBeInTheDocument();
    expect(screen.queryByText("valore: vecchio")).not.toBeInTheDocument();
  });

  it("shows the screen's Italian message when the read fails, and the listener recovers it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const source = liveSource();
    renderProbe(source, async () => {
      throw new Error("offline");
    });

    expect(await screen.findByRole("alert")).toHaveTextContent("Errore di prova");
    settle();
    act(() => source.listener?.next("di nuovo in linea"));
    expect(await screen.findByText("valore: di nuovo in linea")).toBeInTheDocument();
  });

  it("without a read, listens at once", () => {
    const source = liveSource();
    renderProbe(source);

    expect(source.subscribe).toHaveBeenCalledTimes(1);
    expect(screen.getByText("caricamento")).toBeInTheDocument();
  });
});
