import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { markNoShow } from "@/data/pickup-codes";
import type { Offer } from "@/domain/marketplace/offer";
import { NO_SHOW_MESSAGES, NO_SHOW_REFUSALS } from "@/domain/marketplace/pickup-record";
import { renderPage } from "@/testing/render-page";
import { NoShow } from "./no-show";

vi.mock("@/data/pickup-codes", () => ({
  markNoShow: vi.fn(),
  releaseHold: vi.fn(),
  verifyPickup: vi.fn(),
  fetchPickupCode: vi.fn(),
}));

const HOUR = 60 * 60_000;
const accepted: Offer = {
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
  acceptedAt: new Date(Date.now() - 30 * HOUR),
  holdUntil: new Date(Date.now() - HOUR),
};

const render = (offer: Offer) => renderPage(<NoShow offer={offer} />, { path: "/messages" });
const markButton = () => screen.queryByRole("button", { name: NO_SHOW_MESSAGES.mark });

beforeEach(() => {
  vi.mocked(markNoShow).mockReset();
});

describe("Non ritirato (the shop's side)", () => {
  it("is offered only once the hold has ended without a verified pickup", () => {
    const { unmount } = render({ ...accepted, holdUntil: new Date(Date.now() + 2 * HOUR) });
    expect(markButton()).not.toBeInTheDocument();
    unmount();

    const verified = render({ ...accepted, verifiedPurchaseAt: new Date(Date.now() - 2 * HOUR) });
    expect(markButton()).not.toBeInTheDocument();
    verified.unmount();

    const noHold = render({ ...accepted, holdUntil: undefined });
    expect(markButton()).not.toBeInTheDocument();
    noHold.unmount();

    const ended = render(accepted);
    expect(markButton()).toBeInTheDocument();
    ended.unmount();

    // Released by the buyer before its end: not yet, only once its end has passed.
    const early = render({
      ...accepted,
      holdUntil: new Date(Date.now() + 2 * HOUR),
      holdReleasedAt: new Date(),
      holdReleasedBy: "customer",
    });
    expect(markButton()).not.toBeInTheDocument();
    early.unmount();

    // Released by the shop itself: never, even after its end.
    render({ ...accepted, holdReleasedAt: new Date(), holdReleasedBy: "merchant" });
    expect(markButton()).not.toBeInTheDocument();
  });

  it("asks first, says what follows, and going back sends nothing", async () => {
    const { user } = render(accepted);
    await user.click(screen.getByRole("button", { name: NO_SHOW_MESSAGES.mark }));
    const dialog = screen.getByRole("dialog", { name: NO_SHOW_MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent(NO_SHOW_MESSAGES.confirmIntro);
    await user.click(within(dialog).getByRole("button", { name: NO_SHOW_MESSAGES.keep }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(markNoShow).not.toHaveBeenCalled();
  });

  it("confirmed, marks the deal and closes", async () => {
    vi.mocked(markNoShow).mockResolvedValueOnce({ offerId: accepted.id, noShow: true });
    const { user } = render(accepted);
    await user.click(screen.getByRole("button", { name: NO_SHOW_MESSAGES.mark }));
    const dialog = screen.getByRole("dialog", { name: NO_SHOW_MESSAGES.confirmTitle });
    await user.click(within(dialog).getByRole("button", { name: NO_SHOW_MESSAGES.confirm }));
    expect(markNoShow).toHaveBeenCalledWith({ offerId: accepted.id });
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the function's refusal in Italian in the dialog, and a generic one for anything else", async () => {
    vi.mocked(markNoShow)
      .mockRejectedValueOnce(
        Object.assign(new Error(NO_SHOW_REFUSALS.notEnded), { code: "functions/failed-precondition" }),
      )
      .mockRejectedValueOnce(Object.assign(new Error("internal"), { code: "functions/internal" }));
    const { user } = render(accepted);
    await user.click(screen.getByRole("button", { name: NO_SHOW_MESSAGES.mark }));
    const dialog = screen.getByRole("dialog", { name: NO_SHOW_MESSAGES.confirmTitle });
    const confirm = within(dialog).getByRole("button", { name: NO_SHOW_MESSAGES.confirm });

    await user.click(confirm);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(NO_SHOW_REFUSALS.notEnded);

    await user.click(confirm);
    await vi.waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent(NO_SHOW_REFUSALS.failed),
    );
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("once marked, both sides read it and the button is gone", () => {
    render({ ...accepted, noShowAt: new Date() });
    expect(screen.getByRole("status")).toHaveTextContent(NO_SHOW_MESSAGES.marked);
    expect(markButton()).not.toBeInTheDocument();
  });
});
