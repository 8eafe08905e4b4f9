import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { purchaseDialogLead, TOKEN_WALLET_COPY } from "@/domain/billing/token-wallet-messages";
import { createQueryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session/session-provider";
import { buyerSession, merchantSession } from "@/testing/marketplace-fixtures";
import { TokenWalletCard } from "./token-wallet-card";

vi.mock("@/data/tokens", () => ({ purchaseTokens: vi.fn(), getTokenBalance: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <TokenWalletCard />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(buyerSession({ aiTokens: 7 }));
});

describe("the token wallet on /profile", () => {
  it("shows the balance, the monthly allowance and the costs, and buys at any balance", async () => {
    renderCard();
    expect(screen.getByRole("heading", { name: TOKEN_WALLET_COPY.title })).toBeInTheDocument();
    expect(screen.getByText(/^Saldo:/)).toHaveTextContent("Saldo: 7 token");
    expect(screen.getByText(/Ogni mese ricevi 5 token gratuiti/)).toBeInTheDocument();
    expect(screen.getByText("Un messaggio ad Algo: 0,5 token")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: TOKEN_WALLET_COPY.buy }));
    const dialog = await screen.findByRole("dialog", { name: TOKEN_WALLET_COPY.buy });
    expect(dialog).toHaveTextContent(purchaseDialogLead(7));
    expect(within(dialog).getAllByRole("radio")).toHaveLength(3);
  });

  it("shows a shop its allowance, Leonardo's cost and the shop's packs", async () => {
    vi.mocked(useSession).mockReturnValue(merchantSession({ aiTokens: 12 }));
    renderCard();
    expect(screen.getByText(/Ogni mese ricevi 10 token gratuiti/)).toBeInTheDocument();
    expect(screen.getByText(/scritta da Leonardo: 0,5 token/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: TOKEN_WALLET_COPY.buy }));
    const dialog = await screen.findByRole("dialog", { name: TOKEN_WALLET_COPY.buy });
    expect(within(dialog).getByRole("radio", { name: /Enterprise.*200 token/ })).toBeInTheDocument();
  });
});
