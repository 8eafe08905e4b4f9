import { type QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import {
  AppQueryClient,
  useCreatedQueryClient,
  useQueryClientLoader,
  withQueryClientCode,
} from "./app-query-client";

// Whether the query client's code (react-query's QueryClient) has been imported by this test file.
const code = vi.hoisted(() => ({ imported: false }));
vi.mock("./query-client", async (importOriginal) => {
  code.imported = true;
  return importOriginal();
});

/** What the components below saw, by name. */
const seen = new Map<string, QueryClient | undefined>();

/** Code that runs outside the data screens (the session, the suspension notice): asks, loads nothing. */
function Outside() {
  const created = useCreatedQueryClient();
  seen.set("outside", created());
  return <button type="button" onClick={() => seen.set("outside", created())} />;
}

/** A screen that reads data (a lazy page, the header's unread total). */
function Reader({ name }: { name: string }) {
  seen.set(name, useQueryClient());
  const { data } = useQuery({ queryKey: ["letto"], queryFn: async () => "letto" });
  return <p>{`${name}: ${data ?? "…"}`}</p>;
}
const LazyReader = lazy(() => withQueryClientCode(async () => Reader));

function EarlyReads() {
  const load = useQueryClientLoader();
  return <button type="button" onClick={() => void load().then((client) => seen.set("early", client))} />;
}

describe("the app's query client on demand", () => {
  it("loads nothing until a screen reads data, then gives every screen the same client", async () => {
    const onError = vi.fn();
    const app = (readers: string[]) => (
      <AppQueryClient onError={onError}>
        <Outside />
        <Suspense fallback={null}>
          {readers.map((name) => (
            <LazyReader key={name} name={name} />
          ))}
        </Suspense>
      </AppQueryClient>
    );
    const view = render(app([]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(code.imported).toBe(false);
    expect(seen.get("outside")).toBeUndefined();

    view.rerender(app(["pagina", "intestazione"]));
    expect(await screen.findByText("pagina: letto")).toBeInTheDocument();
    expect(screen.getByText("intestazione: letto")).toBeInTheDocument();
    expect(code.imported).toBe(true);
    const client = seen.get("pagina");
    expect(client).toBeDefined();
    expect(seen.get("intestazione")).toBe(client);
    // The code outside the screens now finds that client (e.g. to clear it at sign-out).
    screen.getAllByRole("button")[0]?.click();
    expect(seen.get("outside")).toBe(client);
  });

  it("creates the client for a route's early reads before any screen, and the screens then share it", async () => {
    seen.clear();
    const app = (reading: boolean) => (
      <AppQueryClient onError={() => undefined}>
        <EarlyReads />
        <Suspense fallback={null}>{reading ? <LazyReader name="pagina" /> : null}</Suspense>
      </AppQueryClient>
    );
    const view = render(app(false));
    screen.getByRole("button").click();
    await waitFor(() => expect(seen.get("early")).toBeDefined());
    view.rerender(app(true));
    expect(await screen.findByText("pagina: letto")).toBeInTheDocument();
    expect(seen.get("pagina")).toBe(seen.get("early"));
  });

  it("uses a client provided above it (a page's test) everywhere", async () => {
    seen.clear();
    const provided = (await import("./query-client")).createQueryClient();
    render(
      <QueryClientProvider client={provided}>
        <Outside />
        <EarlyReads />
        <Suspense fallback={null}>
          <LazyReader name="pagina" />
        </Suspense>
      </QueryClientProvider>,
    );
    expect(await screen.findByText("pagina: letto")).toBeInTheDocument();
    expect(seen.get("pagina")).toBe(provided);
    expect(seen.get("outside")).toBe(provided);
    screen.getAllByRole("button")[1]?.click();
    await waitFor(() => expect(seen.get("early")).toBe(provided));
  });
});
