import { useMutation, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { Suspense, useEffect } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadQueryClientCode, WithQueryClient } from "@/lib/app-query-client";
import { watchUncaughtErrors } from "@/lib/error-reporting";
import { AppProvider } from "./provider";

// The reporter itself (scrubbing, de-duplication, the network) has its own tests; here, what reaches it.
const reportClientError = vi.hoisted(() => vi.fn());
vi.mock("@/lib/error-reporter", () => ({ reportClientError }));

afterEach(() => reportClientError.mockClear());
// The client's code arrives with a page's (src/app/routes.tsx): here, before the screens render.
beforeAll(async () => {
  await loadQueryClientCode();
});

function FailingQuery({ error }: { error: Error }) {
  useQuery({ queryKey: ["failing", error.message], queryFn: () => Promise.reject(error), retry: false });
  return null;
}

function FailingMutation({ error }: { error: Error }) {
  const { mutate } = useMutation({ mutationFn: () => Promise.reject(error) });
  useEffect(() => mutate(), [mutate]);
  return null;
}

function Broken(): never {
  throw new Error("render failed");
}

describe("what reaches the error reporter", () => {
  it("a failed query and a failed mutation, with where they failed", async () => {
    const queryError = new TypeError("x is undefined");
    const mutationError = Object.assign(new Error("internal"), { code: "functions/internal" });
    render(
      <AppProvider>
        <Suspense fallback={null}>
          <WithQueryClient>
            <FailingQuery error={queryError} />
            <FailingMutation error={mutationError} />
          </WithQueryClient>
        </Suspense>
      </AppProvider>,
    );
    await waitFor(() => expect(reportClientError).toHaveBeenCalledTimes(2));
    expect(reportClientError).toHaveBeenCalledWith(queryError, "query");
    expect(reportClientError).toHaveBeenCalledWith(mutationError, "mutation");
  });

  it("what the error boundary caught", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <AppProvider>
        <Broken />
      </AppProvider>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Qualcosa è andato storto");
    await waitFor(() =>
      expect(reportClientError).toHaveBeenCalledWith(
        expect.objectContaining({ message: "render failed" }),
        "boundary",
      ),
    );
    vi.mocked(console.error).mockRestore();
  });

  it("uncaught errors and unhandled rejections of the page", async () => {
    // A page of its own (the test runner watches the real window's errors).
    const page = new EventTarget() as Window;
    const stop = watchUncaughtErrors(page);
    const thrown = new Error("prova-errore");
    page.dispatchEvent(new ErrorEvent("error", { error: thrown, message: thrown.message }));
    const rejection = Object.assign(new Event("unhandledrejection"), { reason: "rifiutata" });
    page.dispatchEvent(rejection);
    await waitFor(() => expect(reportClientError).toHaveBeenCalledTimes(2));
    expect(reportClientError).toHaveBeenCalledWith(thrown, "error");
    expect(reportClientError).toHaveBeenCalledWith("rifiutata", "unhandledrejection");
    stop();
    page.dispatchEvent(new ErrorEvent("error", { error: new Error("after stop") }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reportClientError).toHaveBeenCalledTimes(2);
  });
});
