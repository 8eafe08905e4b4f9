import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEVICE_STORAGE_KEYS } from "@/domain/core/device-storage";
import { PICKUP_MESSAGES } from "@/domain/marketplace/pickup";
import { holdMessage } from "@/domain/marketplace/pickup-hold";
import { keepPickupCodesOf, readKeptPickupCodes, readPickupCode } from "@/lib/pickup-code-storage";
import { setupUser } from "@/testing/user";
import { PickupCodePanel } from "./pickup-code-panel";

const BUYER = "buyer-1";
const DEAL = "req_shop";

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe("PickupCodePanel", () => {
  it("shows the code large and as a QR, fetched once and then kept on the device", async () => {
    const fetchCode = vi.fn().mockResolvedValue({ code: "ACDEFG" });
    const user = setupUser();
    render(<PickupCodePanel uid={BUYER} offerId={DEAL} fetchCode={fetchCode} />);

    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.show }));
    expect(await screen.findByText("ACDEFG")).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: PICKUP_MESSAGES.qrLabel })).toBeInTheDocument();
    expect(fetchCode).toHaveBeenCalledWith(DEAL);
    expect(readPickupCode(BUYER, DEAL)).toBe("ACDEFG");
  });

  it("keeps, for the offline page, what the code is for, until when, and its QR, until the hold ends", async () => {
    const until = new Date(Date.now() + 26 * 60 * 60_000);
    const fetchCode = vi.fn().mockResolvedValue({ code: "ACDEFG" });
    const user = setupUser();
    render(
      <PickupCodePanel
        uid={BUYER}
        offerId={DEAL}
        fetchCode={fetchCode}
        label="Lampada da scrivania LED · Elettronica Navigli"
        holdUntil={until}
      />,
    );
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.show }));
    const qr = await screen.findByRole("img", { name: PICKUP_MESSAGES.qrLabel });
    const kept = readKeptPickupCodes(BUYER)[DEAL];
    expect(kept).toMatchObject({
      code: "ACDEFG",
      until: until.getTime(),
      label: "Lampada da scrivania LED · Elettronica Navigli",
      note: holdMessage(until),
    });
    // The very drawing on screen, so the offline page's QR reads the same.
    expect(kept?.qr?.path).toBe(qr.querySelector("path")?.getAttribute("d"));
    expect(readPickupCode(BUYER, DEAL, until.getTime() + 1)).toBeNull();
  });

  it("opens with no network from the device's copy, and never shows another account's", async () => {
    const offline = vi.fn().mockRejectedValue(new Error("offline"));
    localStorage.setItem(
      DEVICE_STORAGE_KEYS.pickupCodes,
      JSON.stringify({ uid: BUYER, codes: { [DEAL]: "HJKMNP" } }),
    );
    const user = setupUser();
    const { unmount } = render(<PickupCodePanel uid={BUYER} offerId={DEAL} fetchCode={offline} />);
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.show }));
    expect(screen.getByText("HJKMNP")).toBeInTheDocument();
    expect(offline).not.toHaveBeenCalled();
    unmount();

    keepPickupCodesOf("someone-else");
    expect(readPickupCode(BUYER, DEAL)).toBeNull();
  });

  it("says so when the code cannot be read", async () => {
    const user = setupUser();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <PickupCodePanel uid={BUYER} offerId={DEAL} fetchCode={vi.fn().mockRejectedValue(new Error("x"))} />,
    );
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.show }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PICKUP_MESSAGES.codeUnavailable);
  });
});
