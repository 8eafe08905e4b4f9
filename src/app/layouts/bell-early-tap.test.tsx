import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { AppQueryClient } from "@/lib/app-query-client";
import type { SessionValue } from "@/lib/session/session-provider";
import { SiteHeader } from "./site-header";

// Its own file: whether the page has settled is module state (src/lib/after-settled.ts), and this test
// needs a page that has not.

vi.mock("@/lib/session/session-provider", () => ({
  useSession: (): SessionValue =>
    ({
      loading: false,
      user: { uid: "buyer-1", email: "anna@example.com" },
      userData: { id: "buyer-1", displayName: "Anna Neri", userType: "customer", isFallback: false },
      homePath: "/customer",
      signOut: vi.fn(),
      start: vi.fn(),
    }) as unknown as SessionValue,
}));
vi.mock("@/features/messages/api/unread-total", () => ({
  useUnreadTotal: () => 0,
  useNewNotifications: () => 1,
}));
vi.mock("@/data/unread-counts", () => ({ markNotificationsSeen: vi.fn(async () => undefined) }));
vi.mock("@/features/notifications/api/notifications", () => ({
  usePresence: () => {},
  markRead: vi.fn(),
  markSeen: vi.fn(),
  useNotifications: () => ({
    status: "ready",
    items: [
      {
        id: "offer_received-r1_shop",
        kind: "offer_received",
        title: "Nuova offerta per «Trapano»",
        body: "Ferramenta Rossi ti propone 25,00 €.",
        link: "/messages/r1_shop",
        createdAt: new Date(),
        readAt: null,
        emailStatus: "sent",
      },
    ],
  }),
}));

describe("the header's bell, tapped before the page has settled", () => {
  it("opens on that first tap, as soon as it has loaded", async () => {
    render(
      <ToastProvider>
        <AppQueryClient onError={() => undefined}>
          <MemoryRouter initialEntries={["/customer"]}>
            <SiteHeader />
          </MemoryRouter>
        </AppQueryClient>
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Notifiche, caricamento" }));
    expect(await screen.findByRole("region", { name: "Le tue notifiche" })).toBeInTheDocument();
    // Opened: its one new notification is seen.
    const bell = await screen.findByRole("button", { name: "Notifiche, nessuna nuova" });
    expect(bell).toHaveAttribute("aria-expanded", "true");
    expect(bell).toHaveFocus();
  });
});
