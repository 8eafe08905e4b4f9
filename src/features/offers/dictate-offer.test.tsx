import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dictateOffer } from "@/data/dictate-offer";
import { getOffer, saveOffer } from "@/data/offers";
import { getRequest } from "@/data/request-by-id";
import { DICTATION_MESSAGES } from "@/domain/marketplace/offer-dictation-messages";
import { useSession } from "@/lib/session/session-provider";
import { aRequest, merchantSession } from "@/testing/marketplace-fixtures";
import { renderPage } from "@/testing/render-page";
import { MakeOfferPage } from "./make-offer-page";

// Price guidance has its own tests (price-hint, make-offer-page): here it answers nothing.
vi.mock("@/data/price-guidance", () => ({
  fetchPriceGuidance: async () => ({ range: null, position: null }),
}));
vi.mock("@/data/request-by-id", () => ({ getRequest: vi.fn() }));
vi.mock("@/data/offers", () => ({ getOffer: vi.fn(), saveOffer: vi.fn() }));
vi.mock("@/data/offer-description", () => ({ generateOfferDescription: vi.fn() }));
vi.mock("@/data/dictate-offer", () => ({ dictateOffer: vi.fn() }));
vi.mock("@/data/tokens", () => ({ getTokenBalance: vi.fn(), purchaseTokens: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

const SAID = "Ce l'ho, una Bianchi usata revisionata, 140 euro, la può ritirare domani dopo le 16";

/** A browser's speech recognition that hears `said` as soon as it starts. */
function installRecognition(said: string) {
  const started: Array<{ lang: string }> = [];
  class FakeRecognition {
    lang = "";
    continuous = true;
    interimResults = true;
    maxAlternatives = 5;
    onresult: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      started.push({ lang: this.lang });
      setTimeout(() => {
        this.onresult?.({ results: [[{ transcript: said }]] });
        this.onend?.();
      }, 0);
    }
    stop() {}
    abort() {}
  }
  Object.defineProperty(window, "webkitSpeechRecognition", { value: FakeRecognition, configurable: true });
  return started;
}

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(useSession).mockReturnValue(merchantSession());
  vi.mocked(getRequest).mockResolvedValue(aRequest({ deliveryPreference: "delivery" }));
  vi.mocked(getOffer).mockResolvedValue(null);
  vi.mocked(saveOffer).mockResolvedValue({ offerId: "req-1_shop-1", conversationId: "req-1_shop-1" });
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  Reflect.deleteProperty(window, "webkitSpeechRecognition");
});

async function openForm(path = "/make-offer/req-1") {
  const page = renderPage(<MakeOfferPage />, { path, pattern: "/make-offer/:requestId" });
  await screen.findByRole("heading", { level: 1, name: "Fai un'offerta" });
  return page;
}

const dictateButton = () => screen.getByRole("button", { name: DICTATION_MESSAGES.button });
const priceBox = () => screen.getByRole("textbox", { name: /Prezzo/ });
const availabilityBox = () => screen.getByRole("textbox", { name: /Disponibilità/ });
const descriptionBox = () => screen.getByRole("textbox", { name: /Descrizione dell'offerta/ });
const checkbox = (name: string) => screen.getByRole("checkbox", { name });

describe("'Detta l'offerta' on /make-offer", () => {
  it("says in Italian when the browser has no speech recognition, and keeps the form", async () => {
    const { user } = await openForm();
    await user.click(dictateButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(DICTATION_MESSAGES.unsupported);
    expect(dictateOffer).not.toHaveBeenCalled();
    await user.type(priceBox(), "99");
    expect(priceBox()).toHaveValue("99");
    expect(screen.getByRole("button", { name: "Invia l'offerta" })).toBeEnabled();
  });

  it("fills price, delivery, availability and description, highlights them and says so", async () => {
    const started = installRecognition(SAID);
    vi.mocked(dictateOffer).mockResolvedValue({
      fields: {
        price: 140,
        deliveryOptions: ["pickup"],
        estimatedDeliveryTime: "Domani dopo le 16",
        condition: "usato",
        description: "Abbiamo una Bianchi usata revisionata. Prezzo: 140 €.",
      },
      priceMissing: false,
      source: "offline",
      tokenBalance: 9.5,
    });
    const { user } = await openForm();
    await user.click(dictateButton());
    await waitFor(() => expect(priceBox()).toHaveValue("140"));
    expect(started).toEqual([{ lang: "it-IT" }]);
    expect(dictateOffer).toHaveBeenCalledWith({ requestId: "req-1", transcript: SAID });
    expect(screen.getByText(`${DICTATION_MESSAGES.heard}: «${SAID}»`)).toBeInTheDocument();
    expect(availabilityBox()).toHaveValue("Domani dopo le 16");
    expect(descriptionBox()).toHaveValue("Abbiamo una Bianchi usata revisionata. Prezzo: 140 €.");
    expect(checkbox("Ritiro in negozio")).toBeChecked();
    expect(checkbox("Consegna a domicilio")).not.toBeChecked();
    // Highlighted, and not by colour alone: each filled field says so in its description.
    for (const box of [priceBox(), availabilityBox(), descriptionBox()]) {
      expect(box).toHaveAttribute("data-dictated", "true");
      expect(box).toHaveAccessibleDescription(expect.stringContaining(DICTATION_MESSAGES.filledNote));
    }
    expect(screen.getByRole("group", { name: /Modalità di consegna/ })).toHaveAccessibleDescription(
      DICTATION_MESSAGES.filledNote,
    );
    // The live region tells a screen reader what was filled.
    expect(screen.getByRole("status")).toHaveTextContent(
      "Leonardo ha compilato: prezzo, consegna, disponibilità e descrizione.",
    );
    // Nothing is sent until the shop taps 'Invia l'offerta'; editing a field clears its highlight.
    expect(saveOffer).not.toHaveBeenCalled();
    await user.type(priceBox(), "0");
    expect(priceBox()).not.toHaveAttribute("data-dictated");
    expect(availabilityBox()).toHaveAttribute("data-dictated", "true");
  });

  it("leaves the price empty and says so when none was heard", async () => {
    installRecognition("ce l'ho, la può ritirare domani");
    vi.mocked(dictateOffer).mockResolvedValue({
      fields: { deliveryOptions: ["pickup"], estimatedDeliveryTime: "Domani", description: "Abbiamo bici." },
      priceMissing: true,
      source: "offline",
      tokenBalance: 9.5,
    });
    const { user } = await openForm();
    await user.click(dictateButton());
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(DICTATION_MESSAGES.noPrice));
    expect(priceBox()).toHaveValue("");
    expect(priceBox()).not.toHaveAttribute("data-dictated");
  });

  it("starts listening at once when the feed's 'Rispondi a voce' opened the page", async () => {
    const started = installRecognition(SAID);
    vi.mocked(dictateOffer).mockResolvedValue({
      fields: { price: 140, description: "Abbiamo una Bianchi." },
      priceMissing: false,
      source: "offline",
      tokenBalance: 9.5,
    });
    await openForm("/make-offer/req-1?voce=1");
    await waitFor(() => expect(priceBox()).toHaveValue("140"));
    expect(started).toHaveLength(1);
  });
});
