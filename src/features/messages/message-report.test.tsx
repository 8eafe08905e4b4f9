import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import type { Message } from "@/domain/marketplace/message";
import { createQueryClient } from "@/lib/query-client";
import { findToast } from "@/testing/toasts";
import { setupUser } from "@/testing/user";
import { MessageList } from "./components/message-list";
import { useMessageReport } from "./components/message-report";

const moderation = vi.hoisted(() => ({ listMyBlocks: vi.fn(), reportContent: vi.fn(), setBlock: vi.fn() }));
vi.mock("@/data/moderation", () => moderation);
vi.mock("@/data/profiles", () => ({ getPublicProfile: vi.fn() }));

const at = new Date(2026, 10, 20, 9, 5);
const message = (id: string, senderId: string, senderName: string, content: string): Message => ({
  id,
  conversationId: "req_shop",
  senderId,
  senderName,
  senderType: senderId === "buyer" ? "customer" : "merchant",
  content,
  type: "text",
  readBy: [senderId],
  createdAt: at,
});
const THREAD = [
  message("m1", "buyer", "Anna", "Avete la lampada?"),
  message("m2", "shop", "Bici", "Sì, passa pure"),
];

function Thread() {
  const report = useMessageReport("req_shop");
  return (
    <>
      <MessageList messages={THREAD} uid="buyer" onReport={report.open} />
      {report.dialog}
    </>
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  moderation.reportContent.mockResolvedValue({ reportId: "r1" });
});

describe("reporting one message of a chat", () => {
  it("offers 'Segnala' on the other person's messages only, named for screen readers", () => {
    render(
      <ToastProvider>
        <QueryClientProvider client={createQueryClient()}>
          <Thread />
        </QueryClientProvider>
      </ToastProvider>,
    );
    const buttons = screen.getAllByRole("button", { name: /^Segnala il messaggio/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleName("Segnala il messaggio di Bici delle 09:05");
  });

  it("sends the conversation and the message with the chosen reason, then closes", async () => {
    const user = setupUser();
    render(
      <ToastProvider>
        <QueryClientProvider client={createQueryClient()}>
          <Thread />
        </QueryClientProvider>
      </ToastProvider>,
    );
    await user.click(screen.getByRole("button", { name: /^Segnala il messaggio di Bici/ }));
    const dialog = await screen.findByRole("dialog", { name: "Segnala il messaggio di Bici" });
    await user.click(within(dialog).getByRole("radio", { name: "Pubblicità o messaggi indesiderati" }));
    await user.click(within(dialog).getByRole("button", { name: "Invia segnalazione" }));
    await findToast("Segnalazione inviata: la esamineremo al più presto.");
    expect(moderation.reportContent).toHaveBeenCalledWith({
      kind: "conversation",
      targetId: "req_shop",
      messageId: "m2",
      reason: "spam",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
