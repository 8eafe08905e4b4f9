import { act, render, screen } from "@testing-library/react";
import { useSyncExternalStore } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { hasAdminRole } from "@/data/admin-role";
import { useUnreadTotal } from "@/features/messages/api/unread-total";
import { AppQueryClient } from "@/lib/app-query-client";
import { type SessionValue, useSession } from "@/lib/session/session-provider";
import { setupUser } from "@/testing/user";
import { SiteHeader } from "./site-header";

// The unread total as the live hook would report it: tests change it and the header re-renders.
const unread = vi.hoisted(() => {
  let total = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => total,
    set: (value: number) => {
      total = value;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

vi.mock("@/features/messages/api/unread-total", () => ({
  useUnreadTotal: vi.fn(),
  useNewNotifications: () => 0,
}));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));
vi.mock("@/data/admin-role", () => ({ hasAdminRole: vi.fn(async () => false) }));

const signedIn = {
  loading: false,
  user: { uid: "buyer-1", email: "anna@example.com" },
  userData: { id: "buyer-1", displayName: "Anna Neri", userType: "customer", isFallback: false },
  homePath: "/customer",
  signOut: vi.fn(),
  start: vi.fn(),
} as unknown as SessionValue;

const signedOut = { ...signedIn, user: null, userData: null, homePath: null } as unknown as SessionValue;

function renderHeader(path = "/customer") {
  return render(
    <ToastProvider>
      <AppQueryClient onError={() => undefined}>
        <MemoryRouter initialEntries={[path]}>
          <SiteHeader />
        </MemoryRouter>
      </AppQueryClient>
    </ToastProvider>,
  );
}

/** The link once the lazily loaded total has arrived. */
const messagesLink = (name: string) => screen.findByRole("link", { name });

beforeEach(() => {
  vi.clearAllMocks();
  unread.set(0);
  vi.mocked(useSession).mockReturnValue(signedIn);
  vi.mocked(useUnreadTotal).mockImplementation(() =>
    useSyncExternalStore(unread.subscribe, unread.get, unread.get),
  );
});

describe("the header's Messaggi link", () => {
  it("is not there for a visitor, who gets 'Accedi' (and no unread total is asked for)", () => {
    vi.mocked(useSession).mockReturnValue(signedOut);
    renderHeader("/");
    expect(screen.getByRole("link", { name: "Accedi" })).toHaveAttribute("href", "/auth");
    expect(screen.queryByRole("link", { name: /Messaggi/ })).toBeNull();
    expect(useUnreadTotal).not.toHaveBeenCalled();
  });

  it("leads a signed-in user to /messages and names the unread total", async () => {
    unread.set(3);
    renderHeader();
    const link = await messagesLink("Messaggi 3 non letti");
    expect(link).toHaveAttribute("href", "/messages");
    expect(link).toHaveTextContent(/^Messaggi 3$/);
    expect(useUnreadTotal).toHaveBeenCalledWith("buyer-1", undefined);
    // The account menu still says whose it is (initials on a phone, the name for screen readers).
    expect(screen.getByRole("button", { name: "Account di Anna Neri" })).toHaveTextContent("AN");
  });

  it("hides the badge at 0", async () => {
    renderHeader();
    await vi.waitFor(() => expect(useUnreadTotal).toHaveBeenCalled());
    expect(await messagesLink("Messaggi")).toHaveTextContent(/^Messaggi$/);
  });

  it("says 'non letto' for one and stops at 50+ like the conversation list", async () => {
    unread.set(1);
    renderHeader();
    await messagesLink("Messaggi 1 non letto");
    act(() => unread.set(50));
    expect(await messagesLink("Messaggi 50+ non letti")).toHaveTextContent(/^Messaggi 50\+$/);
    act(() => unread.set(120));
    await messagesLink("Messaggi 50+ non letti");
  });

  it("follows the live total: a new message raises it, reading clears it", async () => {
    unread.set(1);
    renderHeader();
    await messagesLink("Messaggi 1 non letto");
    act(() => unread.set(2));
    await messagesLink("Messaggi 2 non letti");
    act(() => unread.set(0));
    expect(await messagesLink("Messaggi")).toHaveTextContent(/^Messaggi$/);
  });

  it("leaves out the conversation open on screen and marks the link current on /messages", async () => {
    unread.set(2);
    renderHeader("/messages/r1_shop-1");
    const link = await messagesLink("Messaggi 2 non letti");
    expect(link).toHaveAttribute("aria-current", "page");
    expect(useUnreadTotal).toHaveBeenCalledWith("buyer-1", "r1_shop-1");
  });
});

describe("the signed-in header", () => {
  it("keeps the marketing links for visitors only", () => {
    vi.mocked(useSession).mockReturnValue(signedOut);
    const visitor = renderHeader("/");
    expect(screen.getByRole("link", { name: "Per chi compra" })).toBeInTheDocument();
    visitor.unmount();
    vi.mocked(useSession).mockReturnValue(signedIn);
    renderHeader("/requests");
    expect(screen.queryByRole("link", { name: "Per chi compra" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Per i negozi" })).toBeNull();
  });

  it("drops 'Vai alla tua area' on the user's own area and shows it elsewhere", () => {
    const home = renderHeader("/customer");
    expect(screen.queryByRole("link", { name: /tua area/ })).toBeNull();
    home.unmount();
    renderHeader("/messages");
    expect(screen.getByRole("link", { name: /tua area/ })).toHaveAttribute("href", "/customer");
  });

  it("names a shop by its business name", () => {
    vi.mocked(useSession).mockReturnValue({
      ...signedIn,
      userData: { ...signedIn.userData, userType: "merchant", businessName: "Elettronica Navigli" },
      homePath: "/merchant",
    } as unknown as SessionValue);
    renderHeader("/browse");
    expect(screen.getByRole("button", { name: /Elettronica Navigli/ })).toBeInTheDocument();
  });
});

describe("the account menu", () => {
  it("gives an admin the way into moderation and the market: the reports, the shops waiting for approval, the market dashboard", async () => {
    vi.mocked(hasAdminRole).mockResolvedValue(true);
    const user = setupUser();
    renderHeader("/customer");
    await user.click(screen.getByRole("button", { name: "Account di Anna Neri" }));
    expect(await screen.findByRole("link", { name: "Segnalazioni" })).toHaveAttribute(
      "href",
      "/admin/segnalazioni",
    );
    expect(screen.getByRole("link", { name: "Negozi da verificare" })).toHaveAttribute(
      "href",
      "/admin/negozi",
    );
    expect(screen.getByRole("link", { name: "Mercato" })).toHaveAttribute("href", "/admin/mercato");
    // Keyboard: the links follow 'Profilo' in the menu's tab order.
    const links = screen.getAllByRole("link").map((link) => link.textContent);
    expect(links.slice(links.indexOf("Profilo"))).toEqual([
      "Profilo",
      "Segnalazioni",
      "Negozi da verificare",
      "Mercato",
    ]);
  });

  it("shows no admin links to everyone else", async () => {
    vi.mocked(hasAdminRole).mockResolvedValue(false);
    const user = setupUser();
    renderHeader("/customer");
    await user.click(screen.getByRole("button", { name: "Account di Anna Neri" }));
    await screen.findByRole("link", { name: "Profilo" });
    await vi.waitFor(() => expect(hasAdminRole).toHaveBeenCalled());
    expect(screen.queryByRole("link", { name: "Segnalazioni" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Negozi da verificare" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Mercato" })).toBeNull();
  });
});
