import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { verifyPickup } from "@/data/pickup-codes";
import { PICKUP_MESSAGES, pickupDetails } from "@/domain/marketplace/pickup";
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

describe("'Inquadra il QR'", () => {
  const stopTrack = vi.fn();
  function withCamera(getUserMedia: () => Promise<unknown>, rawValue = "acdefg") {
    class FakeBarcodeDetector {
      detect = vi.fn(async () => [{ rawValue }]);
    }
    vi.stubGlobal("BarcodeDetector", FakeBarcodeDetector);
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia } });
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: undefined });
  });

  it("is offered only where the browser reads QR codes", async () => {
    const { user } = open();
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.verify }));
    expect(screen.queryByRole("button", { name: PICKUP_MESSAGES.scan })).not.toBeInTheDocument();
  });

  it("reads the code from the camera and checks it, then releases the camera", async () => {
    withCamera(async () => ({ getTracks: () => [{ stop: stopTrack }] }));
    vi.mocked(verifyPickup).mockResolvedValue({ offerId: DEAL, requestId: "req", verifiedPurchase: true });
    const { user } = open();
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.verify }));
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.scan }));
    await vi.waitFor(() => expect(verifyPickup).toHaveBeenCalledWith({ offerId: DEAL, code: "ACDEFG" }));
    await vi.waitFor(() => expect(stopTrack).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.getByLabelText(PICKUP_MESSAGES.codeField)).toHaveValue("acdefg"));
  });

  it("says so in Italian when the camera is refused, and the shop types the code", async () => {
    withCamera(() => Promise.reject(new DOMException("denied", "NotAllowedError")));
    const { user } = open();
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.verify }));
    await user.click(screen.getByRole("button", { name: PICKUP_MESSAGES.scan }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PICKUP_MESSAGES.cameraRefused);
    expect(screen.getByLabelText(PICKUP_MESSAGES.codeField)).toBeInTheDocument();
    expect(verifyPickup).not.toHaveBeenCalled();
  });
});
