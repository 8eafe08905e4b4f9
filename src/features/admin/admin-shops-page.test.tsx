import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import {
  SHOP_REVIEW_COPY,
  SHOP_VERIFICATION_MESSAGES,
  VIES_STATE_LABELS,
} from "@/domain/people/shop-verification-messages";
import { createQueryClient } from "@/lib/query-client";
import { findToast } from "@/testing/toasts";
import { setupUser } from "@/testing/user";
import { AdminShopsPage } from "./admin-shops-page";

const role = vi.hoisted(() => ({ hasAdminRole: vi.fn() }));
const shops = vi.hoisted(() => ({ listShopReviews: vi.fn(), decideShopReview: vi.fn() }));
vi.mock("@/data/admin-role", () => role);
vi.mock("@/data/shops", () => shops);

const REVIEW = {
  uid: "bici",
  status: "pending" as const,
  businessName: "Bici & Co.",
  address: "Via Roma 1, Milano",
  partitaIva: "00743110157",
  email: "bici@example.it",
  vies: {
    state: "valid" as const,
    name: "BICI E CO SRL",
    address: "VIA ROMA 1 20121 MILANO MI",
    source: "vies" as const,
    checkedAt: new Date("2026-11-25T09:00:00Z"),
  },
  viesAttempts: 1,
  submittedAt: new Date("2026-11-25T09:00:00Z"),
};

function renderPage() {
  const user = setupUser();
  render(
    <ToastProvider>
      <QueryClientProvider client={createQueryClient()}>
        <AdminShopsPage />
      </QueryClientProvider>
    </ToastProvider>,
  );
  return user;
}

beforeEach(() => {
  vi.clearAllMocks();
  role.hasAdminRole.mockResolvedValue(true);
  shops.listShopReviews.mockResolvedValue({ reviews: [REVIEW] });
  shops.decideShopReview.mockResolvedValue({ ok: true });
});

describe("/admin/negozi", () => {
  it("shows what the shop typed beside VIES's answer, and approves it", async () => {
    const user = renderPage();
    const card = await screen.findByRole("article", { name: "Bici & Co." });
    expect(within(card).getByText(VIES_STATE_LABELS.valid)).toBeInTheDocument();
    expect(within(card).getByText("BICI E CO SRL")).toBeInTheDocument();
    expect(within(card).getByText("VIA ROMA 1 20121 MILANO MI")).toBeInTheDocument();
    expect(within(card).getByText("bici@example.it")).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: SHOP_REVIEW_COPY.approve }));
    await findToast(SHOP_VERIFICATION_MESSAGES.approved);
    expect(shops.decideShopReview).toHaveBeenCalledWith({ uid: "bici", decision: "approve" });
  });

  it("refuses with the reason the shop will read", async () => {
    const user = renderPage();
    const card = await screen.findByRole("article", { name: "Bici & Co." });
    await user.click(within(card).getByRole("button", { name: SHOP_REVIEW_COPY.refuse }));
    await user.type(within(card).getByRole("textbox", { name: /Motivo del rifiuto/ }), "Nome diverso");
    await user.click(within(card).getByRole("button", { name: SHOP_REVIEW_COPY.refuse }));
    await findToast(SHOP_VERIFICATION_MESSAGES.refused);
    expect(shops.decideShopReview).toHaveBeenCalledWith({
      uid: "bici",
      decision: "refuse",
      reason: "Nome diverso",
    });
  });

  it("tells a non-admin the page is not theirs and asks nothing", async () => {
    role.hasAdminRole.mockResolvedValue(false);
    renderPage();
    await screen.findByRole("alert");
    expect(shops.listShopReviews).not.toHaveBeenCalled();
  });
});
