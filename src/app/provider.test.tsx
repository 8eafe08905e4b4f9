import { useMutation, useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { type ReactNode, Suspense, useEffect } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadQueryClientCode, WithQueryClient } from "@/lib/app-query-client";
import { reportError } from "@/lib/error-reporting";
import { INLINE_ERROR_META } from "@/lib/query-client";
import { AppProvider } from "./provider";

vi.mock("@/lib/error-reporting", () => ({ reportError: vi.fn() }));

function FailingQuery() {
  useQuery({
    queryKey: ["richieste"],
    queryFn: () => Promise.reject(new Error("Errore nel caricare le richieste")),
    retry: false,
  });
  return null;
}

/** A form's mutation that shows its own error (by the field or the button). */
function FailingInlineMutation() {
  const send = useMutation({
    mutationFn: () => Promise.reject(new Error("Errore nell'invio dell'offerta. Riprova.")),
    meta: INLINE_ERROR_META,
  });
  const { mutate } = send;
  useEffect(() => mutate(), [mutate]);
  return send.isError ? <p role="alert">{send.error.message}</p> : null;
}

// The client's code arrives with a page's (src/app/routes.tsx): here, before the screens render.
beforeAll(async () => {
  await loadQueryClientCode();
});

/** A screen that reads data, as the route table renders it: under the app's client. */
function Screen({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WithQueryClient>{children}</WithQueryClient>
    </Suspense>
  );
}

describe("AppProvider", () => {
  it("turns a failed query into the destructive 'Errore' toast", async () => {
    render(
      <AppProvider>
        <Screen>
          <FailingQuery />
        </Screen>
      </AppProvider>,
    );
    const region = await screen.findByRole("region", { name: /Notifiche/ });
    expect(await screen.findByText("Errore", { selector: "li *" })).toBeVisible();
    expect(region).toHaveTextContent("Errore nel caricare le richieste");
  });

  it("reports a mutation its screen shows inline, without a toast saying it again", async () => {
    render(
      <AppProvider>
        <Screen>
          <FailingInlineMutation />
        </Screen>
      </AppProvider>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Errore nell'invio dell'offerta. Riprova.");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText("Errore", { selector: "li *" })).toBeNull();
    expect(reportError).toHaveBeenCalledWith(expect.any(Error), "mutation");
  });
});
