import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AppNotification } from "@/domain/notifications";
import { renderPage } from "@/testing/render-page";
import type { NotificationsState } from "./api/notifications";
import { NotificationBellView } from "./components/notification-bell";

const data = vi.hoisted(() => ({ markNotificationsRead: vi.fn() }));
vi.mock("@/data/notifications", () => data);

const NOW = new Date();
const note = (id: string, fields: Partial<AppNotification> = {}): AppNotification => ({
  id,
  kind: "offer_received",
  title: "Nuova offerta per «Trapano»",
  body: "Ferramenta Rossi ti propone 25,00 €.",
  link: "/messages/r1_shop",
  createdAt: NOW,
  readAt: null,
  emailStatus: "sent",
  ...fields,
});

function renderBell(state: NotificationsState) {
  return renderPage(<NotificationBellView uid="buyer" state={state} />, { path: "/customer" });
}

beforeEach(() => {
  vi.clearAllMocks();
  data.markNotificationsRead.mockResolvedValue(undefined);
});

describe("the notifications' bell", () => {
  it("names the unread count for screen readers and shows it on a badge", () => {
    renderBell({
      status: "ready",
      items: [note("a"), note("b", { readAt: NOW, title: "Offerta accettata: «Lampada»" })],
      unread: 1,
    });
    const bell = screen.getByRole("button", { name: "Notifiche, 1 nuova" });
    expect(bell).toHaveAttribute("aria-expanded", "false");
    expect(within(bell).getByTestId("notification-count")).toHaveTextContent("1");
  });

  it("has no badge with nothing unread, and caps it at 9+", () => {
    const { unmount } = renderBell({ status: "ready", items: [], unread: 0 });
    expect(screen.getByRole("button", { name: "Notifiche, nessuna nuova" })).toBeInTheDocument();
    expect(screen.queryByTestId("notification-count")).toBeNull();
    unmount();
    renderBell({ status: "ready", items: [], unread: 12 });
    expect(screen.getByTestId("notification-count")).toHaveTextContent("9+");
  });

  it("opens a list whose entries link to their screen; opening one marks it read and closes the list", async () => {
    const { user, location } = renderBell({ status: "ready", items: [note("a")], unread: 1 });
    await user.click(screen.getByRole("button", { name: /^Notifiche/ }));
    const panel = screen.getByRole("region", { name: "Le tue notifiche" });
    const link = within(panel).getByRole("link", { name: /Nuova offerta per «Trapano» \(non letta\)/ });
    expect(link).toHaveAttribute("href", "/messages/r1_shop");
    await user.click(link);
    expect(data.markNotificationsRead).toHaveBeenCalledWith("buyer", ["a"]);
    await waitFor(() => expect(location.pathname).toBe("/messages/r1_shop"));
  });

  it("marks all read, and Esc closes the list with the focus back on the bell", async () => {
    const { user } = renderBell({ status: "ready", items: [note("a"), note("b")], unread: 2 });
    const bell = screen.getByRole("button", { name: /^Notifiche/ });
    await user.click(bell);
    await user.click(screen.getByRole("button", { name: "Segna tutte come lette" }));
    expect(data.markNotificationsRead).toHaveBeenCalledWith("buyer", ["a", "b"]);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region", { name: "Le tue notifiche" })).toBeNull();
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute("aria-expanded", "false");
  });

  it("says when it is loading, empty or failed", async () => {
    const { user, unmount } = renderBell({ status: "loading" });
    await user.click(screen.getByRole("button", { name: /^Notifiche/ }));
    expect(screen.getByRole("status")).toHaveTextContent("Caricamento delle notifiche…");
    unmount();
    const empty = renderBell({ status: "ready", items: [], unread: 0 });
    await empty.user.click(screen.getByRole("button", { name: /^Notifiche/ }));
    expect(screen.getByText(/Nessuna notifica per ora/)).toBeInTheDocument();
    empty.unmount();
    const failed = renderBell({ status: "error" });
    await failed.user.click(screen.getByRole("button", { name: /^Notifiche/ }));
    expect(screen.getByRole("alert")).toHaveTextContent("Non è stato possibile caricare le notifiche.");
  });
});
