import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { readConversation, readUserConversations } from "@/data/conversations";
import type { Listener } from "@/data/listen";
import { subscribeToMessages } from "@/data/messages";
import { subscribeToNotifications } from "@/data/notifications";
import { subscribeToUnreadCounts } from "@/data/unread-counts";
import type { UnreadCounts } from "@/domain/notifications/unread-counts";
import type { SessionValue } from "@/lib/session/session-provider";
import { SiteHeader } from "./site-header";

// What the header listens to on a signed-in page (architecture §8: a page load opens at most 3
// listeners, header included), counted at the data layer's subscribe functions, each one Firestore
// listener. The 'Messaggi' badge used to open the user's conversations (two queries of up to 50) and one
// listener on each conversation's latest 50 messages: 14 listeners for a buyer with 12 chats. It now
// follows unreadCounts/{uid}: one listener, one document, whatever the number of chats.

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
vi.mock("@/data/unread-counts", () => ({
  subscribeToUnreadCounts: vi.fn(),
  markNotificationsSeen: vi.fn(async () => undefined),
}));
vi.mock("@/data/conversations", () => ({ readUserConversations: vi.fn(), readConversation: vi.fn() }));
vi.mock("@/data/messages", () => ({ subscribeToMessages: vi.fn() }));
vi.mock("@/data/notifications", () => ({
  subscribeToNotifications: vi.fn(),
  touchPresence: vi.fn(async () => undefined),
  markNotificationsRead: vi.fn(),
}));

/** A buyer with 12 conversations, each with one unread message, and 4 new notifications. */
const TWELVE_CHATS: UnreadCounts = {
  notifications: 4,
  conversations: Object.fromEntries(
    Array.from({ length: 12 }, (_, index) => [
      `r${index}_shop-${index}`,
      { messages: 1, offer: false, counted: [`m${index}`] },
    ]),
  ),
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(subscribeToUnreadCounts).mockImplementation((_uid, listener: Listener<UnreadCounts>) => {
    listener.next(TWELVE_CHATS);
    return () => undefined;
  });
  vi.mocked(subscribeToNotifications).mockImplementation((_uid, listener) => {
    listener.next([]);
    return () => undefined;
  });
});

describe("the header's listeners on /customer", () => {
  it("are one, the unread counts', with 12 conversations and new notifications; the bell lists on opening", async () => {
    const { getByRole } = render(
      <ToastProvider>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={["/customer"]}>
            <SiteHeader />
          </MemoryRouter>
        </QueryClientProvider>
      </ToastProvider>,
    );
    await screen.findByRole("link", { name: "Messaggi 12 non letti" });
    // The bell's badge comes from the same document.
    const bell = await screen.findByRole("button", { name: "Notifiche, 4 nuove" });

    expect(subscribeToUnreadCounts).toHaveBeenCalledTimes(1);
    expect(subscribeToUnreadCounts).toHaveBeenCalledWith("buyer-1", expect.anything());
    expect(subscribeToNotifications).not.toHaveBeenCalled();
    // Nothing per conversation: no conversation list, no conversation, no messages.
    expect(readUserConversations).not.toHaveBeenCalled();
    expect(readConversation).not.toHaveBeenCalled();
    expect(subscribeToMessages).not.toHaveBeenCalled();

    // Opened: the list's one listener starts.
    bell.click();
    await vi.waitFor(() => expect(subscribeToNotifications).toHaveBeenCalledTimes(1));
    expect(getByRole("region", { name: "Le tue notifiche" })).toBeInTheDocument();
  });
});
