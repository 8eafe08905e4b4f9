import { render, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { setSessionHint } from "@/lib/session/session-hint";
import { type SessionValue, useSessionStart } from "@/lib/session/session-provider";
import { lazyPage, lazyShell } from "./lazy-page";
import { RouteAccessGate } from "./route-access";

vi.mock("@/lib/session/session-provider", () => ({ useSessionStart: vi.fn() }));

function Page() {
  return <h1>Pagina protetta</h1>;
}

describe("lazyPage and the route gate", () => {
  it("downloads a guarded page's code while the session is still loading, once", async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const LazyProtected = lazyPage(load);
    vi.mocked(useSessionStart).mockReturnValue({ loading: true } as SessionValue);
    setSessionHint(true); // a returning user: the gate waits for the session instead of going to /auth

    // A new element each time: rerendering the same element object would not re-run the gate.
    const gate = () => (
      <MemoryRouter>
        <RouteAccessGate access="customer" preload={LazyProtected.preload}>
          <Suspense fallback={null}>
            <LazyProtected />
          </Suspense>
        </RouteAccessGate>
      </MemoryRouter>
    );
    const view = render(gate());
    // The gate still shows its spinner, and once that has painted the page's code is on its way.
    expect(screen.getByText("Verifica dell'accesso…")).toBeInTheDocument();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.getByText("Verifica dell'accesso…")).toBeInTheDocument();

    vi.mocked(useSessionStart).mockReturnValue({
      loading: false,
      user: { uid: "c1" },
      userData: { userType: "customer" },
      homePath: "/customer",
    } as SessionValue);
    view.rerender(gate());
    expect(await screen.findByRole("heading", { name: "Pagina protetta" })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed download", async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue({ default: Page });
    const LazyProtected = lazyPage(load);
    LazyProtected.preload();
    expect(load).toHaveBeenCalledTimes(1);
    // Let the failure settle (a macrotask runs after every pending promise callback).
    await new Promise((resolve) => setTimeout(resolve, 0));
    LazyProtected.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("paints a page's frame once its own chunk has loaded, the spinner meanwhile", async () => {
    let arrive: (component: () => React.ReactNode) => void = () => undefined;
    const Frame = lazyShell(() => new Promise((resolve) => (arrive = resolve)));
    vi.mocked(useSessionStart).mockReturnValue({ loading: true } as SessionValue);
    setSessionHint(true);
    render(
      <MemoryRouter>
        <RouteAccessGate access="customer" shell={<Frame />}>
          <h1>Pagina protetta</h1>
        </RouteAccessGate>
      </MemoryRouter>,
    );
    expect(screen.getByText("Caricamento…")).toBeInTheDocument();
    arrive(() => <p>Cornice della pagina</p>);
    expect(await screen.findByText("Cornice della pagina")).toBeInTheDocument();
    expect(screen.queryByText("Caricamento…")).not.toBeInTheDocument();
  });

  it("keeps the spinner when the frame's chunk fails: the page is what matters", async () => {
    const load = vi.fn(async (): Promise<() => React.ReactNode> => {
      throw new Error("offline");
    });
    const Frame = lazyShell(load);
    vi.mocked(useSessionStart).mockReturnValue({ loading: true } as SessionValue);
    setSessionHint(true);
    render(
      <MemoryRouter>
        <RouteAccessGate access="customer" shell={<Frame />}>
          <h1>Pagina protetta</h1>
        </RouteAccessGate>
      </MemoryRouter>,
    );
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText("Caricamento…")).toBeInTheDocument();
  });
});
