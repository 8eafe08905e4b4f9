import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { flushSync } from "react-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AppNotification } from "@/domain/notifications/notifications";
import { renderPage } from "@/testing/render-page";
import type { NotificationsState } from "./api/notifications";
import { NotificationBellView } from "./components/notification-bell";

const data = vi.hoisted(() => ({ markNotificationsRead: vi.fn(), markNotificationsSeen: vi.fn() }));
vi.mock("@/data/notifications", () => ({ markNotificationsRead: data.markNotificationsRead }));
vi.mock("@/data/unread-counts", () => ({ markNotificationsSeen: data.markNotificationsSeen }));

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

/** The bell as the header gives it a live count (`setCount` changes it from the test). */
let setCount: (value: number | undefined) => void = () => undefined;
function LiveBell({ start }: { start: number | undefined }) {
  const [count, set] = useState(start);
  setCount = set;
  const state: NotificationsState = {
    status: "ready",
    items: [note("a"), note("b", { readAt: NOW, title: "Offerta accettata: «Lampada»" })],
  };
  return <NotificationBellView uid="buyer" state={state} newCount={count} />;
}

/**
 * The header's loading bell whose chunk has arrived (src/app/layouts/user-menu.tsx): a press on it
 * puts the real bell, open, in its place while that press is still on its way to the document.
 */
function EarlyBell() {
  const [loaded, setLoaded] = useState(false);
  if (!loaded) {
    return (
      <button
        type="button"
        aria-label="Notifiche, caricamento"
        onPointerDown={() => flushSync(() => setLoaded(true))}
      />
    );
  }
  return <OpenedEarly />;
}

/** The bell with one new notification, opened by a tap that began on the loading bell. */
function OpenedEarly() {
  return (
    <NotificationBellView
      uid="buyer"
      state={{ status: "ready", items: [note("a")] }}
      newCount={1}
      defaultOpen
    />
  );
}

function renderBell(state: NotificationsState, newCount = 0) {
  return renderPage(<NotificationBellView uid="buyer" state={state} newCount={newCount} />, {
    path: "/customer",
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  data.markNotificationsRead.mockResolvedValue(undefined);
  data.markNotificationsSeen.mockResolvedValue(undefined);
});

describe("the notifications' bell", () => {
  it("stays open when the tap that opened it early ends on it (its pointerdown was on the loading bell)", () => {
    renderPage(<OpenedEarly />, { path: "/customer" });
    const bell = screen.getByRole("button", { name: /^Notifiche/ });
    expect(bell).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(bell, { detail: 1 });
    expect(bell).toHaveAttribute("aria-expanded", "true");
    // The next tap, begun on this bell, closes it; so does a keyboard click (no pointer).
    fireEvent.pointerDown(bell);
    fireEvent.click(bell, { detail: 1 });
    expect(bell).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(bell, { detail: 0 });
    expect(bell).toHaveAttribute("aria-expanded", "true");
  });

  it("stays open when the press on the loading bell opened it during that press's own dispatch", () => {
    renderPage(<EarlyBell />, { path: "/customer" });
    fireEvent.pointerDown(screen.getByRole("button", { name: "Notifiche, caricamento" }));
    const bell = screen.getByRole("button", { name: /^Notifiche, / });
    expect(bell).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("region", { name: "Le tue notifiche" })).toBeInTheDocument();
    // A press anywhere else on the page still closes it.
    fireEvent.pointerDown(document.body);
    expect(bell).toHaveAttribute("aria-expanded", "false");
  });

  it("names the count of new notifications for screen readers and shows it on a badge", () => {
    renderBell({ status: "loading" }, 1);
    const bell = screen.getByRole("button", { name: "Notifiche, 1 nuova" });
    expect(bell).toHaveAttribute("aria-expanded", "false");
    expect(within(bell).getByTestId("notification-count")).toHaveTextContent("1");
  });

  it("has no badge with nothing unread, and caps it at 9+", () => {
    const { unmount } = renderBell({ status: "ready", items: [] });
    expect(screen.getByRole("button", { name: "Notifiche, nessuna nuova" })).toBeInTheDocument();
    expect(screen.queryByTestId("notification-count")).toBeNull();
    unmount();
    renderBell({ status: "ready", items: [] }, 12);
    expect(screen.getByTestId("notification-count")).toHaveTextContent("9+");
  });

  it("opens a list whose entries link to their screen; opening one marks it read and closes the list", async () => {
    const { user, location } = renderBell({ status: "ready", items: [note("a")] }, 1);
    await user.click(screen.getByRole("button", { name: /^Notifiche/ }));
    const panel = screen.getByRole("region", { name: "Le tue notifiche" });
    const link = within(panel).getByRole("link", { name: /Nuova offerta per «Trapano» \(non letta\)/ });
    expect(link).toHaveAttribute("href", "/messages/r1_shop");
    await user.click(link);
    expect(data.markNotificationsRead).toHaveBeenCalledWith("buyer", ["a"]);
    await waitFor(() => expect(location.pathname).toBe("/messages/r1_shop"));
  });

  it("marks all read, and Esc closes the list with the focus back on the bell", async () => {
    const { user } = renderBell({ status: "ready", items: [note("a"), note("b")] }, 2);
    const bell = screen.getByRole("button", { name: /^Notifiche/ });
    await user.click(bell);
    await user.click(screen.getByRole("button", { name: "Segna tutte come lette" }));
    expect(data.markNotificationsRead).toHaveBeenCalledWith("buyer", ["a", "b"]);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region", { name: "Le tue notifiche" })).toBeNull();
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute("aria-expanded", "false");
  });

  it("opening it clears the badge at once and resets the stored count; what arrives later shows again", async () => {
    const { user } = renderPage(<LiveBell start={3} />, { path: "/customer" });
    await user.click(screen.getByRole("button", { name: "Notifiche, 3 nuove" }));
    expect(data.markNotificationsSeen).toHaveBeenCalledWith("buyer");
    expect(screen.getByRole("button", { name: "Notifiche, nessuna nuova" })).toBeInTheDocument();
    expect(screen.queryByTestId("notification-count")).toBeNull();
    // Read and unread stay told apart in the list.
    const panel = screen.getByRole("region", { name: "Le tue notifiche" });
    expect(within(panel).getByRole("link", { name: /Trapano.*\(non letta\)/ })).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: /Lampada/ }).textContent).not.toMatch(/non letta/);
    // One more arrives before the reset has landed: it shows.
    act(() => setCount(4));
    expect(screen.getByRole("button", { name: "Notifiche, 1 nuova" })).toBeInTheDocument();
    // The reset lands (0), then a new one arrives: 1.
    act(() => setCount(0));
    expect(screen.getByRole("button", { name: "Notifiche, nessuna nuova" })).toBeInTheDocument();
    act(() => setCount(1));
    expect(screen.getByRole("button", { name: "Notifiche, 1 nuova" })).toBeInTheDocument();
    expect(data.markNotificationsSeen).toHaveBeenCalledTimes(1);
  });

  it("opened before its count has loaded, takes the first count that arrives as seen", async () => {
    const { user } = renderPage(<LiveBell start={undefined} />, { path: "/customer" });
    await user.click(screen.getByRole("button", { name: "Notifiche, nessuna nuova" }));
    expect(data.markNotificationsSeen).not.toHaveBeenCalled();
    act(() => setCount(2));
    expect(screen.getByRole("button", { name: "Notifiche, nessuna nuova" })).toBeInTheDocument();
    expect(data.markNotificationsSeen).toHaveBeenCalledWith("buyer");
    // The reset lands, then a new one arrives: it shows.
    act(() => setCount(0));
    act(() => setCount(1));
    expect(screen.getByRole("button", { name: "Notifiche, 1 nuova" })).toBeInTheDocument();
    expect(data.markNotificationsSeen).toHaveBeenCalledTimes(1);
  });

  it("writes nothing when opened with nothing new", async () => {
    const { user } = renderBell({ status: "ready", items: [note("a", { readAt: NOW })] });
    await user.click(screen.getByRole("button", { name: "Notifiche, nessuna nuova" }));
    expect(data.markNotificationsSeen).not.toHaveBeenCalled();
  });

  it("says when it is loading, empty or failed", async () => {
    const { user, unmount } = renderBell({ status: "loading" });
    await user.click(screen.getByRole("button", { name: /^Notifiche/ }));
    expect(screen.getByRole("status")).toHaveTextContent("Caricamento delle notifiche…");
    unmount();
    const empty = renderBell({ status: "ready", items: [] });
    await empty.user.click(screen.getByRole("button", { name: /^Notifiche/ }));
    expect(screen.getByText(/Nessuna notifica per ora/)).toBeInTheDocument();
    empty.unmount();
    const failed = renderBell({ status: "error" });
    await failed.user.click(screen.getByRole("button", { name: /^Notifiche/ }));
    expect(screen.getByRole("alert")).toHaveTextContent("Non è stato possibile caricare le notifiche.");
  });
});
