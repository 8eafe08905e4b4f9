import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { getTokenBalance, purchaseTokens } from "@/data/tokens";
import { TOKEN_BALANCE_CACHE_MS } from "@/domain/core/limits";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { createQueryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session/session-provider";
import { buyerSession } from "@/testing/marketplace-fixtures";
import { setupUser } from "@/testing/user";
import { TokenWallet } from "./token-wallet";

vi.mock("@/data/tokens", () => ({ purchaseTokens: vi.fn(), getTokenBalance: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

const start = new Date("2026-11-23T10:00:00Z");

function renderWallet(client = createQueryClient()) {
  const view = render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <TokenWallet />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { client, view };
}

beforeEach(() => {
  // Only the clock is fake: react-query's staleness reads Date.now(), its timers stay real.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(start);
  vi.mocked(useSession).mockReturnValue(buyerSession({ aiTokens: 3, lastTokenReset: start }));
  vi.mocked(getTokenBalance).mockReset().mockResolvedValue(9);
  vi.mocked(purchaseTokens).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("TokenWallet: the balance is cached for 5 minutes (spec §9)", () => {
  it("shows the session's balance at once and does not read it again within 5 minutes", async () => {
    const { client, view } = renderWallet();
    expect(screen.getByLabelText("3 token AI")).toBeInTheDocument();
    view.unmount();

    vi.setSystemTime(start.getTime() + TOKEN_BALANCE_CACHE_MS - 1_000);
    renderWallet(client);
    expect(screen.getByLabelText("3 token AI")).toBeInTheDocument();
    expect(getTokenBalance).not.toHaveBeenCalled();
  });

  it("shows a new account its month's allowance, not '0 token', before its first AI call", () => {
    vi.mocked(useSession).mockReturnValue(buyerSession({ aiTokens: undefined, lastTokenReset: undefined }));
    renderWallet();
    expect(screen.getByLabelText("5 token AI")).toBeInTheDocument();
  });

  it("reads the balance again once the cached one is older than 5 minutes", async () => {
    const { client, view } = renderWallet();
    view.unmount();

    vi.setSystemTime(start.getTime() + TOKEN_BALANCE_CACHE_MS + 1_000);
    renderWallet(client);
    expect(await screen.findByLabelText("9 token AI")).toBeInTheDocument();
    expect(getTokenBalance).toHaveBeenCalledTimes(1);
    expect(getTokenBalance).toHaveBeenCalledWith("buyer-1");
  });

  it("reads the balance when the session has none (fallback user) and shows a spinner meanwhile", async () => {
    vi.mocked(useSession).mockReturnValue(buyerSession({ isFallback: true }));
    renderWallet();
    expect(screen.getByText(BUYER_MESSAGES.tokenBalanceLoading)).toBeInTheDocument();
    expect(await screen.findByLabelText("9 token AI")).toBeInTheDocument();
  });

  it("shows a purchased balance at once, without reading the user document", async () => {
    vi.mocked(useSession).mockReturnValue(buyerSession({ aiTokens: 1, lastTokenReset: start }));
    vi.mocked(purchaseTokens).mockResolvedValue({
      tokenBalance: 26,
      purchase: { id: "p1", amount: 25, price: 5.99, purchaseDate: new Date(), packageId: "standard" },
    });
    const user = setupUser();
    renderWallet();
    await user.click(screen.getByRole("button", { name: "Acquista token" }));
    await user.click(await screen.findByRole("button", { name: "Acquista (simulato)" }));
    expect(await screen.findByLabelText("26 token AI")).toBeInTheDocument();
    expect(getTokenBalance).not.toHaveBeenCalled();
  });
});
