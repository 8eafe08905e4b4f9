import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { verifyPickup } from "@/data/pickup-codes";
import { PICKUP_MESSAGES, pickupDetails } from "@/domain/pickup";
import { renderPage } from "@/testing/render-page";
import { VerifyPickupForm } from "./verify-pickup-form";

vi.mock("@/data/pickup-codes", () => ({ verifyPickup: vi.fn(), fetchPickupCode: vi.fn() }));

const DEAL = "req_shop";
const open = () =>
  renderPage(<VerifyPickupForm offerId={DEAL} verify={verifyPickup} />, { path: "/messages" });

beforeEach(() => {
  vi.mocked(verifyPickup).mockReset();
});

describe("VerifyPickupForm", () => {
  it("sends the typed code, normalised, for this deal", async () => {
    vi.mocked(verifyPickup).mockResolvedValue({ offerId: DEAL, requestId: "req", verifiedPurchase: true });
    const { user } = open();
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.verify }));
    await user.type(screen.getByLabelText(PICKUP_MESSAGES.codeField), "acd efg");
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.confirm }));
    expect(verifyPickup).toHaveBeenCalledWith({ offerId: DEAL, code: "ACDEFG" });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("refuses a malformed code without calling, and shows the function's refusal in Italian by the field", async () => {
    const refusal = Object.assign(new Error("denied"), {
      code: "functions/permission-denied",
      details: pickupDetails({ reason: "wrong", left: 4 }),
    });
    vi.mocked(verifyPickup).mockRejectedValue(refusal);
    const { user } = open();
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.verify }));
    const field = screen.getByLabelText(PICKUP_MESSAGES.codeField);
    await user.type(field, "ACD");
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.confirm }));
    expect(screen.getByRole("alert")).toHaveTextContent(PICKUP_MESSAGES.malformed);
    expect(verifyPickup).not.toHaveBeenCalled();

    await user.type(field, "EFH");
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.confirm }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PICKUP_MESSAGES.wrongCode(4));
    expect(field).toHaveAttribute("aria-invalid", "true");
  });
});
