import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PAGE_LEADS } from "@/domain/core/page-leads";
import { setSessionHint } from "@/lib/session/session-hint";
import {
  fakeAuthModule as auth,
  resetFakeData,
  seedAccount,
  seedUser,
  fakeUsersModule as users,
} from "@/testing/fake-data";
import { aVerifiedShop } from "@/testing/marketplace-fixtures";
import { renderRoutes, stubbedRoutes, stubHeading } from "@/testing/render-routes";
import { findToast } from "@/testing/toasts";

vi.mock("@/data/auth", async () => (await import("@/testing/fake-data")).fakeAuthModule);
vi.mock("@/data/push", () => ({ forgetThisDevice: async () => undefined }));
vi.mock("@/data/users", async () => (await import("@/testing/fake-data")).fakeUsersModule);
vi.mock("@/data/account", async () => (await import("@/testing/fake-data")).fakeFunctionsModule);
vi.mock("@/data/email", async () => (await import("@/testing/fake-data")).fakeEmailModule);

// The first test renders the whole route table: a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  await Promise.all([import("@/lib/session/session-runtime"), import("@/features/auth/auth-page")]);
});

// The real table's paths and declared access; stub pages, so these tests do not depend on what
// the dashboards and other features render. /auth and /dashboard are the real ones.
const routes = stubbedRoutes(["/auth", "/dashboard"]);
const renderApp = (path: string) => renderRoutes(path, routes);

beforeEach(() => {
  resetFakeData();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

const customer = {
  email: "anna@example.com",
  displayName: "Anna Neri",
  userType: "customer",
  password: "segreta1",
} as const;
const merchant = {
  email: "negozio@example.com",
  displayName: "Bottega Bianchi",
  userType: "merchant",
} as const;
const page = (name: string) => screen.findByRole("heading", { level: 1, name }, { timeout: 4000 });
const CUSTOMER_HOME = stubHeading("/customer");
const MERCHANT_HOME = stubHeading("/merchant");

describe("route guards (RouteAccessGate)", () => {
  it("sends a signed-out visitor to /auth and back to where they were going after sign-in", async () => {
    seedUser(customer, { signedIn: false });
    const { user, location } = renderApp("/requests?stato=attive");
    await page("Accesso e registrazione");
    expect(location.pathname).toBe("/auth");
    // /auth's static frame paints first; the form takes input once the page has replaced it.
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toBeEnabled());
    await user.type(screen.getByLabelText(/^Email/), customer.email);
    await user.type(screen.getByLabelText(/^Password/), customer.password);
    await user.click(screen.getByRole("button", { name: "Accedi" }));
    await page(stubHeading("/requests"));
    expect(`${location.pathname}${location.search}`).toBe("/requests?stato=attive");
  });

  it("shows a spinner, not the page, while a returning user's session loads", async () => {
    auth.onAuthChange.mockImplementation(() => () => undefined); // the first auth state never arrives
    setSessionHint(true);
    renderApp("/profile");
    expect(await screen.findByRole("status")).toHaveTextContent("Verifica dell'accesso…");
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
  });

  it("paints the data pages' static frames, inert and with nobody's data", async () => {
    auth.onAuthChange.mockImplementation(() => () => undefined); // the first auth state never arrives
    setSessionHint(true);
    for (const [path, lead] of [
      ["/customer", PAGE_LEADS.customerDashboard],
      ["/requests", PAGE_LEADS.customerRequests],
      ["/messages", PAGE_LEADS.messages],
      ["/merchant", PAGE_LEADS.merchantDashboard],
      ["/browse", PAGE_LEADS.browse],
    ] as const) {
      const app = renderApp(path);
      const frame = (await screen.findByText(lead)).closest("[inert]");
      expect(frame).toHaveAttribute("aria-busy", "true");
      expect(screen.queryByText("Verifica dell'accesso…")).toBeNull();
      app.unmount();
    }
  });

  it("paints /create's static frame instead of the spinner while a returning user's session loads", async () => {
    auth.onAuthChange.mockImplementation(() => () => undefined); // the first auth state never arrives
    setSessionHint(true);
    renderApp("/create");
    expect(await page("Chiedi ad Algo")).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Messaggio per Algo" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Invia" })).toBeDisabled();
    expect(screen.queryByText("Verifica dell'accesso…")).toBeNull();
  });

  it("sends a signed-out visitor with a stale session hint from /create's frame to /auth", async () => {
    setSessionHint(true); // no Firebase session behind it
    const { location } = renderApp("/create");
    await page("Accesso e registrazione");
    expect(location.pathname).toBe("/auth");
  });

  it("sends a visitor without a session to /auth at once, saying why and keeping the page's account type", async () => {
    auth.onAuthChange.mockImplementation(() => () => undefined); // Firebase has not answered yet
    const { location } = renderApp("/merchant");
    await page("Accesso e registrazione");
    expect(location.pathname).toBe("/auth");
    const notice = screen.getByRole("status");
    expect(notice).toHaveTextContent("Accedi per continuare");
    expect(notice).toHaveTextContent("area negozianti");
    expect(screen.getByText("Accesso Negoziante")).toBeVisible();
  });

  it("sends a signed-in user without the session hint back from /auth to the page they wanted", async () => {
    seedUser(customer);
    localStorage.clear(); // the hint is gone (e.g. storage cleared), the Firebase session is not
    const { location } = renderApp("/requests");
    await page(stubHeading("/requests"));
    expect(location.pathname).toBe("/requests");
  });

  it("sends a buyer who types /merchant to /customer", async () => {
    seedUser(customer);
    const { location } = renderApp("/merchant");
    await page(CUSTOMER_HOME);
    expect(location.pathname).toBe("/customer");
  });

  it.each(["/create", "/requests"])("sends a merchant who opens %s to /merchant", async (path) => {
    seedUser(merchant);
    const { location } = renderApp(path);
    await page(MERCHANT_HOME);
    expect(location.pathname).toBe("/merchant");
  });

  it.each(["/browse", "/make-offer/req-1"])(
    "sends a merchant not yet verified who opens %s to /merchant (the verification panel)",
    async (path) => {
      seedUser(merchant);
      const { location } = renderApp(path);
      await page(MERCHANT_HOME);
      expect(location.pathname).toBe("/merchant");
    },
  );

  it.each(["/browse", "/make-offer/req-1"])("lets a verified shop into %s", async (path) => {
    seedUser({ ...merchant, shop: aVerifiedShop() });
    const { location } = renderApp(path);
    await page(stubHeading(path === "/browse" ? "/browse" : "/make-offer/:requestId"));
    expect(location.pathname).toBe(path);
  });

  it("sends a buyer who opens /browse to /customer", async () => {
    seedUser(customer);
    const { location } = renderApp("/browse");
    await page(CUSTOMER_HOME);
    expect(location.pathname).toBe("/customer");
  });

  it.each([
    [customer, "/customer", CUSTOMER_HOME],
    [merchant, "/merchant", MERCHANT_HOME],
  ] as const)("/dashboard sends a %s home", async (seed, home, heading) => {
    seedUser(seed);
    const { location } = renderApp("/dashboard");
    await page(heading);
    expect(location.pathname).toBe(home);
  });

  it("lets each role into its own and the shared screens", async () => {
    seedUser(merchant);
    const { location } = renderApp("/messages");
    await page(stubHeading("/messages"));
    expect(location.pathname).toBe("/messages");
  });
});

describe("session fallback (spec §4)", () => {
  async function startAt(path: string) {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const app = renderApp(path);
    await vi.waitFor(() => expect(users.getUser).toHaveBeenCalled());
    return app;
  }

  it("waits up to 5 s for a late users document, then uses the fallback customer", async () => {
    seedAccount({ email: "luca.verdi@example.com", displayName: "Luca" }, { signedIn: true });
    users.getUser.mockImplementation(() => new Promise(() => undefined)); // never answers
    const { location } = await startAt("/customer");
    await act(() => vi.advanceTimersByTimeAsync(4900));
    // The dashboard's static frame (inert, no name) while the session waits.
    expect(screen.getByText(PAGE_LEADS.customerDashboard).closest("[inert]")).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    await vi.waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: CUSTOMER_HOME })).toBeVisible(),
    );
    expect(location.pathname).toBe("/customer");
    expect(screen.getByRole("button", { name: /luca\.verdi/ })).toBeVisible();
    expect(document.querySelector("[inert]")).toBeNull();
  });

  it("uses the fallback at once when the read fails, and never lets it into merchant screens", async () => {
    seedAccount({ email: "negozio@example.com" }, { signedIn: true });
    users.getUser.mockRejectedValue(new Error("permission-denied"));
    const { location } = await startAt("/merchant");
    await act(() => vi.advanceTimersByTimeAsync(10));
    await vi.waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: CUSTOMER_HOME })).toBeVisible(),
    );
    expect(location.pathname).toBe("/customer");
  });

  it("replaces the fallback with the document when it arrives later (a merchant goes home)", async () => {
    const { account } = seedUser(merchant);
    let answer: (value: null) => void = () => undefined;
    users.getUser.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    users.subscribeUser.mockImplementation(() => () => undefined);
    const { location } = await startAt("/merchant");
    await act(() => vi.advanceTimersByTimeAsync(5100));
    await vi.waitFor(() => expect(location.pathname).toBe("/customer"));
    // The live listener finally delivers the merchant's document.
    users.subscribeUser.mockImplementation((uid, listener) => {
      queueMicrotask(() => listener.next({ ...merchant, id: uid, uid, createdAt: new Date() }));
      return () => undefined;
    });
    vi.useRealTimers();
    answer(null); // "no document yet" → the session starts the live listener
    await waitFor(() => expect(users.subscribeUser).toHaveBeenCalledWith(account.uid, expect.anything()));
    await page(MERCHANT_HOME);
    expect(location.pathname).toBe("/merchant");
    expect(screen.getByRole("button", { name: /Bottega Bianchi/ })).toBeVisible();
  });
});

describe("header account menu", () => {
  it("shows 'Accedi' when signed out", async () => {
    renderApp("/auth");
    await page("Accesso e registrazione");
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "Accedi" })).toHaveAttribute("href", "/auth");
  });

  it("shows the name, the way to the dashboard, the profile and 'Esci' when signed in", async () => {
    seedUser(merchant);
    const { user, location } = renderApp("/profile");
    await page(stubHeading("/profile"));
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: /La tua area/ })).toHaveAttribute("href", "/merchant");
    await user.click(within(header).getByRole("button", { name: /Bottega Bianchi/ }));
    expect(within(header).getByRole("link", { name: "Profilo" })).toHaveAttribute("href", "/profile");
    await user.click(within(header).getByRole("button", { name: "Esci" }));
    await waitFor(() => expect(location.pathname).toBe("/"));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(await within(header).findByRole("link", { name: "Accedi" })).toBeVisible();
  });

  it("says 'Errore durante il logout' when signing out fails", async () => {
    seedUser(customer);
    auth.signOut.mockRejectedValueOnce(new Error("rete"));
    const { user, location } = renderApp("/customer");
    await page(CUSTOMER_HOME);
    const header = screen.getByRole("banner");
    await user.click(within(header).getByRole("button", { name: /Anna Neri/ }));
    await user.click(within(header).getByRole("button", { name: "Esci" }));
    expect(await findToast("Errore")).toHaveTextContent("Errore durante il logout");
    // Still signed in (on the home page, where the menu stays available to try again).
    expect(location.pathname).toBe("/");
    expect(within(header).getByRole("button", { name: /Anna Neri/ })).toBeVisible();
  });

  it("does not load the session on a marketing page for a first-time visitor", async () => {
    renderApp("/");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(auth.onAuthChange).not.toHaveBeenCalled();
  });

  it("loads it after first paint for a returning user, who gets the way to their area", async () => {
    seedUser(customer);
    localStorage.setItem("vicino.hasSession", "1");
    renderApp("/");
    const header = screen.getByRole("banner");
    expect(
      await within(header).findByRole("link", { name: /La tua area/ }, { timeout: 3000 }),
    ).toHaveAttribute("href", "/customer");
  });
});
