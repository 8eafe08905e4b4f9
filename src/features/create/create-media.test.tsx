import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { publishAlgoRequest, sendAlgoMessage } from "@/data/algo";
import { CAMERA_MESSAGES, SUCCESS_TOASTS } from "@/domain/core/common-messages";
import { createQueryClient } from "@/lib/query-client";
import { type SessionValue, useSession } from "@/lib/session/session-provider";
import { findToast } from "@/testing/toasts";
import { setupUser } from "@/testing/user";
import { CreatePage } from "./create-page";
import { prepareImageFile } from "./lib/resize-image";

// Price guidance has its own tests (price-hint, make-offer-page): here it answers nothing.
vi.mock("@/data/price-guidance", () => ({
  fetchPriceGuidance: async () => ({ range: null, position: null }),
}));
vi.mock("@/data/algo", () => ({ sendAlgoMessage: vi.fn(), publishAlgoRequest: vi.fn() }));
vi.mock("@/data/tokens", () => ({ purchaseTokens: vi.fn(), getTokenBalance: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));
// jsdom has no canvas or image decoding: the resize itself is replaced, the page's use of it is tested.
vi.mock("./lib/resize-image", () => ({
  prepareImageFile: vi.fn(),
  encodeFittingPhoto: vi.fn(() => ({
    base64: "Q0FN",
    previewUrl: "data:image/jpeg;base64,Q0FN",
    width: 1280,
    height: 720,
  })),
}));

const session = {
  loading: false,
  user: { uid: "buyer-1" },
  userData: { uid: "buyer-1", id: "buyer-1", displayName: "Anna", userType: "customer", aiTokens: 5 },
} as unknown as SessionValue;

function renderCreate() {
  const user = setupUser();
  const { unmount } = render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <MemoryRouter>
          <CreatePage />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { user, unmount };
}

beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(session);
  vi.mocked(sendAlgoMessage)
    .mockReset()
    .mockResolvedValue({
      conversationId: "c1",
      message: "Bella bici! Che budget hai?",
      extractedData: { productName: "bici" },
      isComplete: false,
      readyToPublish: false,
      tokenBalance: 4,
    });
  window.localStorage.clear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, "mediaDevices");
});

// The start of a JPEG in base64 (what the resize returns; the stored draft is checked as the server would).
const JPEG = "/9j/4AAQSkZJRg==";

describe("/create photos", () => {
  it("previews an uploaded image and sends it to Algo as base64 JPEG", async () => {
    vi.mocked(prepareImageFile).mockResolvedValue({
      base64: "SlBH",
      previewUrl: "data:image/jpeg;base64,SlBH",
      width: 640,
      height: 480,
    });
    const { user } = renderCreate();
    const photo = new File(["png"], "bici.png", { type: "image/png" });
    await user.upload(screen.getByLabelText("Carica una foto"), photo);
    expect(await screen.findByAltText("Anteprima della foto")).toHaveAttribute(
      "src",
      "data:image/jpeg;base64,SlBH",
    );
    const send = screen.getByRole("button", { name: "Invia" });
    expect(send).toBeEnabled();
    await user.click(send);
    await screen.findByText("Bella bici! Che budget hai?");
    expect(sendAlgoMessage).toHaveBeenCalledWith(
      expect.objectContaining({ message: "", imageBase64: "SlBH" }),
    );
    expect(screen.getByAltText("Foto inviata")).toBeInTheDocument();
    expect(screen.queryByAltText("Anteprima della foto")).toBeNull();
  });

  it("asks for the rear camera and says when it cannot be opened", async () => {
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException("denied", "NotAllowedError"));
    Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
    const { user } = renderCreate();
    await user.click(screen.getByRole("button", { name: "Scatta una foto" }));
    expect(await findToast("Errore")).toHaveTextContent(CAMERA_MESSAGES.accessDenied);
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("captures a frame: 'Foto catturata!' and the preview", async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    Object.defineProperty(navigator, "mediaDevices", {
      value: { getUserMedia: vi.fn().mockResolvedValue(stream) },
      configurable: true,
    });
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue();
    const { user } = renderCreate();
    await user.click(screen.getByRole("button", { name: "Scatta una foto" }));
    const shoot = await screen.findByRole("button", { name: "Scatta" });
    await vi.waitFor(() => expect(shoot).toBeEnabled());
    await user.click(shoot);
    await findToast(SUCCESS_TOASTS.photoCaptured.title);
    expect(screen.getByAltText("Anteprima della foto")).toHaveAttribute("src", "data:image/jpeg;base64,Q0FN");
    expect(stop).toHaveBeenCalled();
  });

  it("keeps the photo with the draft: after a reload the bubble shows it and 'Pubblica' sends it", async () => {
    vi.mocked(prepareImageFile).mockResolvedValue({
      base64: JPEG,
      previewUrl: "blob:preview",
      width: 640,
      height: 480,
    });
    vi.mocked(sendAlgoMessage).mockResolvedValue({
      conversationId: "c1",
      message: "Ecco il riepilogo: tocca «Pubblica».",
      extractedData: {
        productName: "bici",
        budget: { min: 0, max: 200 },
        urgency: "giorni",
        deliveryPreference: "pickup",
        location: { address: "Navigli, Milano", lat: 45.4521, lng: 9.176 },
      },
      isComplete: true,
      readyToPublish: true,
      tokenBalance: 4,
    });
    vi.mocked(publishAlgoRequest)
      .mockReset()
      .mockResolvedValue({ requestId: "req-1", request: {} as never });
    const first = renderCreate();
    await first.user.upload(
      screen.getByLabelText("Carica una foto"),
      new File(["png"], "bici.png", { type: "image/png" }),
    );
    await screen.findByAltText("Anteprima della foto");
    await first.user.click(screen.getByRole("button", { name: "Invia" }));
    await screen.findByRole("region", { name: "Riepilogo della richiesta" });
    first.unmount();

    // The reload: the words and the photo come back from this browser.
    const second = renderCreate();
    expect(screen.getByAltText("Foto inviata")).toHaveAttribute("src", `data:image/jpeg;base64,${JPEG}`);
    const card = screen.getByRole("region", { name: "Riepilogo della richiesta" });
    await second.user.click(within(card).getByRole("button", { name: "Pubblica" }));
    expect(publishAlgoRequest).toHaveBeenCalledWith(
      expect.objectContaining({ photos: [{ data: JPEG, width: 640, height: 480 }] }),
    );
    await findToast(SUCCESS_TOASTS.requestCreated.title);
    expect(window.localStorage.length).toBe(0);
  });
});
