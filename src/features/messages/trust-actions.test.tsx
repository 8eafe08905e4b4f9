import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import type { Conversation } from "@/domain/marketplace/conversation";
import { createQueryClient } from "@/lib/query-client";
import { findToast } from "@/testing/toasts";
import { setupUser } from "@/testing/user";
import { OtherStatus, TrustActions } from "./components/trust-actions";
import { closedByFunction } from "./lib/deal-stage";

const moderation = vi.hoisted(() => ({ listMyBlocks: vi.fn(), reportContent: vi.fn(), setBlock: vi.fn() }));
const profiles = vi.hoisted(() => ({ getPublicProfile: vi.fn() }));
vi.mock("@/data/moderation", () => moderation);
vi.mock("@/data/profiles", () => profiles);

const CHAT: Conversation = {
  id: "req_shop",
  participants: { customerId: "buyer", customerName: "Anna", merchantId: "shop", merchantName: "Bici" },
  requestId: "req",
  offerId: "req_shop",
  status: "active",
  createdAt: new Date(),
  updatedAt: new Date(),
};

function renderWithProviders(node: React.ReactNode) {
  const user = setupUser();
  render(
    <ToastProvider>
      <QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>
    </ToastProvider>,
  );
  return user;
}

beforeEach(() => {
  vi.clearAllMocks();
  moderation.listMyBlocks.mockResolvedValue([]);
  moderation.reportContent.mockResolvedValue({ reportId: "r1" });
  moderation.setBlock.mockResolvedValue({ blocked: true });
});

describe("chat: report and block", () => {
  it("'Segnala' sends a reason from the list and the text, for this conversation", async () => {
    const user = renderWithProviders(<TrustActions uid="buyer" conversation={CHAT} />);
    await user.click(screen.getByRole("button", { name: "Segnala" }));
    const dialog = await screen.findByRole("dialog", { name: "Segnala" });
    const send = within(dialog).getByRole("button", { name: "Invia segnalazione" });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole("radio", { name: "Linguaggio offensivo, minacce o molestie" }));
    await user.type(within(dialog).getByRole("textbox"), "  Mi ha insultato  ");
    await user.click(send);
    await findToast("Segnalazione inviata: la esamineremo al più presto.");
    expect(moderation.reportContent).toHaveBeenCalledWith({
      kind: "conversation",
      targetId: "req_shop",
      reason: "offensive",
      text: "Mi ha insultato",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("the buyer may report the offer the chat is about instead", async () => {
    const user = renderWithProviders(<TrustActions uid="buyer" conversation={CHAT} />);
    await user.click(screen.getByRole("button", { name: "Segnala" }));
    const dialog = await screen.findByRole("dialog", { name: "Segnala" });
    await user.click(within(dialog).getByRole("radio", { name: "L'offerta ricevuta" }));
    await user.click(within(dialog).getByRole("radio", { name: "Truffa o tentativo di truffa" }));
    await user.click(within(dialog).getByRole("button", { name: "Invia segnalazione" }));
    await findToast("Segnalazione inviata: la esamineremo al più presto.");
    expect(moderation.reportContent).toHaveBeenCalledWith({
      kind: "offer",
      targetId: "req_shop",
      reason: "scam",
    });
  });

  it("the shop may report the request", async () => {
    const user = renderWithProviders(<TrustActions uid="shop" conversation={CHAT} />);
    await user.click(screen.getByRole("button", { name: "Segnala" }));
    const dialog = await screen.findByRole("dialog", { name: "Segnala" });
    await user.click(within(dialog).getByRole("radio", { name: "La richiesta" }));
    await user.click(within(dialog).getByRole("radio", { name: "Richiesta o offerta falsa" }));
    await user.click(within(dialog).getByRole("button", { name: "Invia segnalazione" }));
    await findToast("Segnalazione inviata: la esamineremo al più presto.");
    expect(moderation.reportContent).toHaveBeenCalledWith({
      kind: "request",
      targetId: "req",
      reason: "fake",
    });
  });

  it("'Blocca' blocks the other participant, then offers 'Sblocca'", async () => {
    const user = renderWithProviders(<TrustActions uid="buyer" conversation={CHAT} />);
    const blockButton = await screen.findByRole("button", { name: "Blocca" });
    await waitFor(() => expect(blockButton).toBeEnabled());
    moderation.listMyBlocks.mockResolvedValue([
      { blockerId: "buyer", blockedId: "shop", blockedName: "Bici", createdAt: new Date() },
    ]);
    await user.click(blockButton);
    await findToast("Utente bloccato: non potrà più scriverti né inviarti offerte.");
    expect(moderation.setBlock).toHaveBeenCalledWith({ userId: "shop", blocked: true });
    expect(await screen.findByRole("button", { name: "Sblocca" })).toBeInTheDocument();
  });

  it("shows a suspended or deleted account as such", async () => {
    profiles.getPublicProfile.mockResolvedValueOnce({ uid: "s", displayName: "Bici", suspended: true });
    renderWithProviders(<OtherStatus otherId="s" />);
    expect(await screen.findByText("Account sospeso")).toBeInTheDocument();
  });

  it("a conversation a function closed says why", () => {
    expect(closedByFunction({ status: "active" })).toBeNull();
    expect(closedByFunction({ status: "closed", closedBy: "moderation" })).toBe(
      "l'ha chiusa il nostro team dopo una segnalazione",
    );
    expect(closedByFunction({ status: "closed", closedBy: "account_deleted" })).toBe(
      "l'altra persona ha eliminato il suo account",
    );
  });
});
