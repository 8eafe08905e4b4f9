import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { releaseHold } from "@/data/pickup-codes";
import { getPublicProfile } from "@/data/profiles";
import type { Offer } from "@/domain/marketplace/offer";
import { HOLD_MESSAGES, HOLD_REFUSALS, holdMessage } from "@/domain/marketplace/pickup-hold";
import { renderPage } from "@/testing/render-page";
import { HoldPanel } from "./hold-panel";

vi.mock("@/data/pickup-codes", () => ({
  releaseHold: vi.fn(),
  verifyPickup: vi.fn(),
  fetchPickupCode: vi.fn(),
}));
vi.mock("@/data/profiles", () => ({ getPublicProfile: vi.fn() }));

const UNTIL = new Date(Date.now() + 26 * 60 * 60_000);
const offer: Offer = {
  id: "req_shop",
  requestId: "req",
  merchantId: "shop",
  customerId: "buyer",
  price: 89,
  description: "Trapano",
  deliveryOptions: ["pickup"],
  status: "accepted",
  aiGenerated: false,
  createdAt: new Date(),
  updatedAt: new Date(),
  acceptedAt: new Date(),
  holdUntil: UNTIL,
};

beforeEach(() => {
  vi.mocked(releaseHold).mockReset();
  vi.mocked(getPublicProfile).mockResolvedValue({
    uid: "shop",
    displayName: "Ferramenta Rossi",
    userType: "merchant",
    averageRating: 0,
    totalRatings: 0,
    shop: {
      address: "Via Roma 1, Milano",
      categories: ["casa"],
      weeklyHours: { mon: [{ open: "09:00", close: "19:30" }] },
    },
  });
});

describe("HoldPanel", () => {
  it("shows the buyer until when the item is held and where to collect it", async () => {
    renderPage(<HoldPanel offer={offer} side="customer" />, { path: "/messages" });
    expect(screen.getByText(holdMessage(UNTIL))).toBeInTheDocument();
    expect(await screen.findByText("Via Roma 1, Milano")).toBeInTheDocument();
    expect(screen.getByText(HOLD_MESSAGES.hours)).toBeInTheDocument();
  });

  it("asks for a reason before releasing, then sends it; a refusal is shown in Italian", async () => {
    vi.mocked(releaseHold).mockRejectedValueOnce(
      Object.assign(new Error(HOLD_REFUSALS.alreadyVerified), { code: "functions/failed-precondition" }),
    );
    vi.mocked(releaseHold).mockResolvedValueOnce({ offerId: offer.id, releasedBy: "merchant" });
    const { user } = renderPage(<HoldPanel offer={offer} side="merchant" />, { path: "/messages" });
    await user.click(screen.getByRole("button", { name: HOLD_MESSAGES.release }));
    const dialog = screen.getByRole("dialog", { name: HOLD_MESSAGES.releaseTitle });
    expect(dialog).toHaveTextContent(HOLD_MESSAGES.releaseIntro.merchant);
    const confirm = within(dialog).getByRole("button", { name: HOLD_MESSAGES.confirmRelease });

    await user.click(confirm);
    expect(within(dialog).getByRole("alert")).toHaveTextContent(HOLD_REFUSALS.reasonRequired);
    expect(releaseHold).not.toHaveBeenCalled();

    await user.type(
      within(dialog).getByLabelText(new RegExp(HOLD_MESSAGES.reasonLabel)),
      " Venduto in negozio ",
    );
    await user.click(confirm);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(HOLD_REFUSALS.alreadyVerified);
    expect(releaseHold).toHaveBeenCalledWith({ offerId: offer.id, reason: "Venduto in negozio" });

    await user.click(confirm);
    expect(releaseHold).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("once released, both sides read who let it go and why, and no button", () => {
    renderPage(
      <HoldPanel
        offer={{
          ...offer,
          holdReleasedAt: new Date(),
          holdReleasedBy: "customer",
          holdReleaseReason: "Non passo",
        }}
        side="merchant"
      />,
      { path: "/messages" },
    );
    expect(screen.getByRole("status")).toHaveTextContent(HOLD_MESSAGES.released.customer);
    expect(screen.getByRole("status")).toHaveTextContent("Non passo");
    expect(screen.queryByRole("button", { name: HOLD_MESSAGES.release })).not.toBeInTheDocument();
  });
});
