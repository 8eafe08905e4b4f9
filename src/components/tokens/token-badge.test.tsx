import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { purchaseTokens } from "@/data/tokens";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { createQueryClient } from "@/lib/query-client";
import { findToast } from "@/testing/toasts";
import { setupUser } from "@/testing/user";
import { PurchaseDialog } from "./purchase-dialog";
import { TokenBadge } from "./token-badge";

vi.mock("@/data/tokens", () => ({ purchaseTokens: vi.fn(), getTokenBalance: vi.fn() }));
// The dialog writes the purchased balance into the signed-in user's token cache.
vi.mock("@/lib/session/session-provider", () => ({
  useSession: () => ({ user: { uid: "buyer-1" }, userData: null }),
}));

function wrap(ui: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.mocked(purchaseTokens).mockReset();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("TokenBadge", () => {
  it.each([
    [-1, "red", true],
    [0, "red", true],
    [0.5, "orange", true],
    [2, "orange", true],
    [2.5, "green", false],
    [10, "green", false],
  ] as const)("balance %s → %s, buy button %s", (balance, level, buy) => {
    wrap(<TokenBadge balance={balance} onBuy={() => undefined} />);
    expect(screen.getByLabelText(/ token AI$/)).toHaveAttribute("data-level", level);
    expect(screen.queryByRole("button", { name: "Acquista token" }) !== null).toBe(buy);
  });

  it("opens the purchase from the badge itself at any balance, e.g. 3 tokens", async () => {
    const onBuy = vi.fn();
    wrap(<TokenBadge balance={3} onBuy={onBuy} />);
    expect(screen.queryByRole("button", { name: "Acquista token" })).toBeNull();
    const badge = screen.getByRole("button", { name: "3 token AI" });
    expect(badge).toHaveAccessibleDescription("Apre l'acquisto di altri token");
    badge.focus();
    await userEvent.keyboard("{Enter}");
    expect(onBuy).toHaveBeenCalledOnce();
  });

  it("shows the balance the Italian way and opens the purchase on click", async () => {
    const onBuy = vi.fn();
    wrap(<TokenBadge balance={1.5} onBuy={onBuy} />);
    expect(screen.getByLabelText("1,5 token AI")).toHaveTextContent("1,5 token");
    await userEvent.click(screen.getByRole("button", { name: "Acquista token" }));
    expect(onBuy).toHaveBeenCalledOnce();
  });
});

describe("PurchaseDialog", () => {
  it("lists the buyer packs, flags the popular one and says the payment is simulated", () => {
    wrap(<PurchaseDialog open onOpenChange={() => undefined} userType="customer" balance={0} />);
    const dialog = screen.getByRole("dialog", { name: "Acquista token" });
    expect(dialog).toHaveTextContent(BUYER_MESSAGES.simulatedPayment);
    expect(screen.getAllByRole("radio")).toHaveLength(3);
    expect(screen.getByRole("radio", { name: /Standard.*25 token.*Più scelto/ })).toBeChecked();
  });

  it("shows the merchant packs to a merchant", () => {
    wrap(<PurchaseDialog open onOpenChange={() => undefined} userType="merchant" balance={0} />);
    expect(screen.getByRole("radio", { name: /Professional/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /Enterprise.*200 token/ })).toBeInTheDocument();
  });

  it("retries a failed purchase with the same paymentId, then closes with a toast", async () => {
    const user = setupUser();
    const onOpenChange = vi.fn();
    vi.mocked(purchaseTokens)
      .mockRejectedValueOnce(new Error("rete"))
      .mockResolvedValueOnce({
        tokenBalance: 25,
        purchase: { id: "p", amount: 25, price: 5.99, purchaseDate: new Date(), packageId: "standard" },
      });
    wrap(<PurchaseDialog open onOpenChange={onOpenChange} userType="customer" balance={0} />);
    await user.click(screen.getByRole("button", { name: "Acquista (simulato)" }));
    await vi.waitFor(() => expect(purchaseTokens).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Acquista (simulato)" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Acquista (simulato)" }));
    await findToast(BUYER_MESSAGES.tokensPurchased);
    const [first, second] = vi.mocked(purchaseTokens).mock.calls;
    expect(first?.[0].packageId).toBe("standard");
    expect(second?.[0].paymentId).toBe(first?.[0].paymentId);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
