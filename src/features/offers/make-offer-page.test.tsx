import { focusManager } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { generateOfferDescription } from "@/data/offer-description";
import { getOffer, saveOffer } from "@/data/offers";
import { fetchPriceGuidance } from "@/data/price-guidance";
import { getRequest } from "@/data/request-by-id";
import {
  purchaseDialogLead,
  TOKEN_WALLET_COPY,
  tokenBadgeLabel,
} from "@/domain/billing/token-wallet-messages";
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from "@/domain/core/common-messages";
import {
  MERCHANT_MESSAGES,
  OFFER_MESSAGES,
  PRICE_OUTSIDE_BUDGET_CONFIRM,
} from "@/domain/marketplace/marketplace-messages";
import { HOLD_MESSAGES } from "@/domain/marketplace/pickup-hold";
import { PRICE_GUIDANCE_MESSAGES } from "@/domain/marketplace/price-guidance-messages";
import { useSession } from "@/lib/session/session-provider";
import { anOffer, aRequest, merchantSession } from "@/testing/marketplace-fixtures";
import { renderPage } from "@/testing/render-page";
import { findToast, toastTexts } from "@/testing/toasts";
import { MakeOfferPage } from "./make-offer-page";

vi.mock("@/data/request-by-id", () => ({ getRequest: vi.fn() }));
vi.mock("@/data/price-guidance", () => ({ fetchPriceGuidance: vi.fn() }));
vi.mock("@/data/offers", () => ({
  getOffer: vi.fn(),
  saveOffer: vi.fn(),
}));
vi.mock("@/data/offer-description", () => ({ generateOfferDescription: vi.fn() }));
vi.mock("@/data/tokens", () => ({ getTokenBalance: vi.fn(), purchaseTokens: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

// Typing into several fields takes a few seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(useSession).mockReturnValue(merchantSession());
  vi.mocked(getRequest).mockResolvedValue(aRequest());
  vi.mocked(getOffer).mockResolvedValue(null);
  vi.mocked(fetchPriceGuidance).mockResolvedValue({ range: null, position: null });
  vi.mocked(saveOffer).mockResolvedValue({ offerId: "req-1_shop-1", conversationId: "req-1_shop-1" });
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

async function openForm(path = "/make-offer/req-1") {
  const page = renderPage(<MakeOfferPage />, { path, pattern: "/make-offer/:requestId" });
  await screen.findByRole("heading", { level: 1, name: "Fai un'offerta" });
  const form = () => {
    const price = screen.getByRole("textbox", { name: /Prezzo/ });
    return price.closest("form") as HTMLFormElement;
  };
  return { ...page, form };
}

const priceBox = () => screen.getByRole("textbox", { name: /Prezzo/ });
const descriptionBox = () => screen.getByRole("textbox", { name: /Descrizione dell'offerta/ });
const checkbox = (name: string) => screen.getByRole("checkbox", { name });
const sendButton = () => screen.getByRole("button", { name: "Invia l'offerta" });

describe("/make-offer/:requestId", () => {
  it("shows the band the typed price sits in among similar offers nearby, only when the callable answers", async () => {
    vi.mocked(fetchPriceGuidance).mockImplementation(async (input) => ({
      range: { min: 80, max: 200, count: 6 },
      position: "requestId" in input && input.price === 150 ? "high" : null,
    }));
    const { user } = await openForm();
    expect(screen.queryByRole("status", { name: "Il tuo prezzo in zona" })).toBeNull();
    await user.type(priceBox(), "150");
    expect(
      await screen.findByText(PRICE_GUIDANCE_MESSAGES.band.high, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    // The request's id and the price: the server reads the product and the place from the request.
    expect(fetchPriceGuidance).toHaveBeenLastCalledWith({ requestId: aRequest().id, price: 150 });
  });

  it("keeps the page when a background refetch fails: only a failed first read shows the error", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["Date"] });
    try {
      await openForm();
      vi.mocked(getRequest).mockRejectedValue(new Error("offline"));
      // The data goes stale and the window gets the focus back: react-query reads again, and fails.
      vi.setSystemTime(Date.now() + 60 * 60 * 1000);
      act(() => {
        focusManager.setFocused(false);
        focusManager.setFocused(true);
      });
      await waitFor(() => expect(getRequest).toHaveBeenCalledTimes(2));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getByRole("heading", { level: 2, name: /Cuffie wireless/ })).toBeInTheDocument();
      expect(screen.queryByText(ERROR_MESSAGES.loadRequest)).not.toBeInTheDocument();
    } finally {
      focusManager.setFocused(undefined);
      vi.useRealTimers();
    }
  });

  it("shows the request beside the form, delivery options defaulting from the request (both → both)", async () => {
    await openForm();
    expect(screen.getByRole("heading", { level: 2, name: /Cuffie wireless/ })).toBeInTheDocument();
    expect(screen.getByText("da 80 a 150 €")).toBeInTheDocument();
    expect(screen.getByText("Ricondizionato")).toBeInTheDocument();
    expect(checkbox("Ritiro in negozio")).toBeChecked();
    expect(checkbox("Consegna a domicilio")).toBeChecked();
    expect(getRequest).toHaveBeenCalledWith("req-1");
    expect(getOffer).toHaveBeenCalledWith("req-1_shop-1");
  });

  it.each([
    ["pickup", true, false],
    ["delivery", false, true],
  ] as const)("starts from the request's preference %s", async (deliveryPreference, pickup, delivery) => {
    vi.mocked(getRequest).mockResolvedValue(aRequest({ deliveryPreference }));
    await openForm();
    expect((checkbox("Ritiro in negozio") as HTMLInputElement).checked).toBe(pickup);
    expect((checkbox("Consegna a domicilio") as HTMLInputElement).checked).toBe(delivery);
  });

  it("requires price, description and a delivery option: 'Compila tutti i campi obbligatori'", async () => {
    const { user } = await openForm();
    await user.click(sendButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(VALIDATION_MESSAGES.requiredFields);
    // The message is at the first missing field, which is marked invalid and gets the focus.
    expect(priceBox()).toHaveAttribute("aria-invalid", "true");
    expect(priceBox()).toHaveAccessibleDescription(
      expect.stringContaining(VALIDATION_MESSAGES.requiredFields),
    );
    expect(priceBox()).toHaveFocus();

    await user.type(priceBox(), "100");
    await user.type(descriptionBox(), "Sony WH-1000XM5, garanzia 2 anni");
    await user.click(checkbox("Ritiro in negozio"));
    await user.click(checkbox("Consegna a domicilio"));
    await user.click(sendButton());
    expect(screen.getByRole("alert")).toHaveTextContent(VALIDATION_MESSAGES.requiredFields);
    expect(screen.getByRole("group", { name: /Modalità di consegna/ })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(checkbox("Ritiro in negozio")).toHaveFocus();
    expect(priceBox()).not.toHaveAttribute("aria-invalid");
    expect(saveOffer).not.toHaveBeenCalled();
  });

  it.each(["0", "-5", "abc", "12,5,0"])(
    "refuses the price %s: 'Inserisci un prezzo valido'",
    async (price) => {
      const { user } = await openForm();
      await user.type(priceBox(), price);
      await user.type(descriptionBox(), "Disponibili in negozio");
      await user.click(sendButton());
      expect(await screen.findByRole("alert")).toHaveTextContent(VALIDATION_MESSAGES.invalidPrice);
      expect(priceBox()).toHaveAttribute("aria-invalid", "true");
      expect(priceBox()).toHaveFocus();
      expect(saveOffer).not.toHaveBeenCalled();
    },
  );

  it("sends an in-budget offer ('12,50' is a price), toasts 'Offerta inviata!' and opens the conversation", async () => {
    vi.mocked(getRequest).mockResolvedValue(aRequest({ budget: { min: 10, max: 20 } }));
    const { user, location } = await openForm();
    await user.type(priceBox(), "12,50");
    await user.type(descriptionBox(), "Cavo originale, nuovo");
    await user.type(screen.getByRole("textbox", { name: /Disponibilità/ }), "Subito");
    await user.type(screen.getByRole("textbox", { name: /Note aggiuntive/ }), "Si paga in negozio");
    // How long the shop holds the item once accepted: the default is the next day's closing time.
    const hold = screen.getByRole("combobox", { name: HOLD_MESSAGES.choiceLabel });
    expect(hold).toHaveDisplayValue(HOLD_MESSAGES.choices.nextClose);
    await user.selectOptions(hold, HOLD_MESSAGES.choices.secondClose);
    await user.click(sendButton());

    await waitFor(() => expect(location.pathname).toBe("/messages/req-1_shop-1"));
    expect(await findToast("Offerta inviata!")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Only the terms: names, buyer and product are the server's (submitOffer).
    expect(saveOffer).toHaveBeenCalledWith({
      requestId: "req-1",
      merchantId: "shop-1",
      form: {
        price: 12.5,
        description: "Cavo originale, nuovo",
        deliveryOptions: ["pickup", "delivery"],
        estimatedDeliveryTime: "Subito",
        additionalNotes: "Si paga in negozio",
        holdChoice: "secondClose",
      },
      aiGenerated: false,
      // Opened from the feed: neither a notification's link nor the catalogue's draft.
      origin: "feed",
    });
  });

  it("records an offer opened from a notification's link as made from it", async () => {
    vi.mocked(getRequest).mockResolvedValue(aRequest({ budget: { min: 10, max: 20 } }));
    const { user } = await openForm("/make-offer/req-1?origin=notifica");
    await user.type(priceBox(), "15");
    await user.type(descriptionBox(), "Cavo originale");
    await user.click(sendButton());
    await waitFor(() =>
      expect(saveOffer).toHaveBeenCalledWith(expect.objectContaining({ origin: "notifica" })),
    );
  });

  it("asks for confirmation when the price is outside the budget, and sends only when confirmed", async () => {
    const { user, location } = await openForm();
    await user.type(priceBox(), "199");
    await user.type(descriptionBox(), "Modello top di gamma");
    await user.click(sendButton());

    const dialog = await screen.findByRole("dialog", { name: "Prezzo fuori budget" });
    expect(dialog).toHaveAccessibleDescription(PRICE_OUTSIDE_BUDGET_CONFIRM);
    await user.click(within(dialog).getByRole("button", { name: "Modifica il prezzo" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(saveOffer).not.toHaveBeenCalled();

    await user.click(sendButton());
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Invia comunque" }),
    );
    await waitFor(() => expect(location.pathname).toBe("/messages/req-1_shop-1"));
    expect(saveOffer).toHaveBeenCalledWith(
      expect.objectContaining({ form: expect.objectContaining({ price: 199 }) }),
    );
  });

  it("drafts the description with Leonardo from the price and notes, and sends it as AI-generated", async () => {
    vi.mocked(generateOfferDescription).mockResolvedValue({
      description: "Ciao! Ti propongo le Sony WH-1000XM5 a 120 euro, pronte in negozio.",
      tokenBalance: 9.5,
    });
    const { user, location } = await openForm();
    const leonardo = screen.getByRole("button", { name: "Scrivi con Leonardo" });
    await user.click(leonardo);
    expect(screen.getByRole("alert")).toHaveTextContent(VALIDATION_MESSAGES.invalidPrice);
    expect(generateOfferDescription).not.toHaveBeenCalled();

    await user.type(priceBox(), "120");
    await user.type(screen.getByRole("textbox", { name: /Disponibilità/ }), "Pronte in negozio");
    await user.click(leonardo);
    await waitFor(() => expect((descriptionBox() as HTMLTextAreaElement).value).toContain("Sony WH-1000XM5"));
    expect(generateOfferDescription).toHaveBeenCalledWith({
      requestId: "req-1",
      price: 120,
      notes: "Pronte in negozio",
    });
    expect(screen.queryByRole("alert")).toBeNull();

    await user.click(sendButton());
    await waitFor(() => expect(location.pathname).toBe("/messages/req-1_shop-1"));
    expect(saveOffer).toHaveBeenCalledWith(expect.objectContaining({ aiGenerated: true }));
  });

  it("shows the shop's token balance, whose badge opens the purchase at any balance", async () => {
    vi.mocked(useSession).mockReturnValue(merchantSession({ aiTokens: 3 }));
    const { user } = await openForm();
    const badge = screen.getByRole("button", { name: tokenBadgeLabel(3) });
    // At 3 tokens there is no separate 'Acquista token' button, but the badge opens the one dialog.
    expect(screen.queryByRole("button", { name: TOKEN_WALLET_COPY.buy })).toBeNull();
    await user.click(badge);
    expect(await screen.findByRole("dialog", { name: TOKEN_WALLET_COPY.buy })).toHaveTextContent(
      purchaseDialogLead(3),
    );
  });

  it("says when Leonardo cannot write: out of tokens, or the function's own message", async () => {
    vi.mocked(generateOfferDescription)
      .mockResolvedValueOnce({ description: "", tokenBalance: 0, outOfTokens: true })
      .mockRejectedValueOnce(
        Object.assign(new Error(ERROR_MESSAGES.requestNotFound), { code: "functions/not-found" }),
      );
    const { user } = await openForm();
    await user.type(priceBox(), "120");
    await user.click(screen.getByRole("button", { name: "Scrivi con Leonardo" }));
    expect(
      await screen.findByText(ERROR_MESSAGES.insufficientTokens, { selector: "form [role=alert]" }),
    ).toBeInTheDocument();
    // Out of tokens opens the purchase dialog, with the shop's packs, as Algo's does; the badge reads 0.
    const purchase = await screen.findByRole("dialog", { name: TOKEN_WALLET_COPY.buy });
    expect(within(purchase).getByRole("radio", { name: /Professional.*100 token/ })).toBeChecked();
    expect(screen.getByLabelText(tokenBadgeLabel(0))).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(purchase).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Scrivi con Leonardo" }));
    expect(
      await screen.findByText(ERROR_MESSAGES.requestNotFound, { selector: "form [role=alert]" }),
    ).toBeInTheDocument();
    expect(descriptionBox()).toHaveValue("");
    // Each said once, by the button: no 'Errore' toast repeats it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastTexts()).toEqual([]);
  });

  it("shows submitOffer's own refusal, e.g. the request's offer limit, and stays on the form", async () => {
    vi.mocked(saveOffer).mockRejectedValue(
      Object.assign(new Error(OFFER_MESSAGES.tooManyOffers), { code: "functions/resource-exhausted" }),
    );
    const { user, location } = await openForm();
    await user.type(priceBox(), "100");
    await user.type(descriptionBox(), "Pronte in negozio");
    await user.click(sendButton());
    expect(
      await screen.findByText(OFFER_MESSAGES.tooManyOffers, { selector: "form [role=alert]" }),
    ).toBeInTheDocument();
    expect(location.pathname).toBe("/make-offer/req-1");
  });

  it("without a plan, keeps the offer and goes to /abbonamento, then gives the offer back", async () => {
    sessionStorage.clear();
    vi.mocked(saveOffer).mockRejectedValueOnce(
      // Told by its code (details.reason), whatever the text says.
      Object.assign(new Error("Testo cambiato"), {
        code: "functions/failed-precondition",
        details: { reason: "plan-required" },
      }),
    );
    const first = await openForm();
    await first.user.type(priceBox(), "99,90");
    await first.user.type(descriptionBox(), "Pronte in negozio");
    await first.user.click(sendButton());
    await waitFor(() => expect(first.location.pathname).toBe("/abbonamento"));
    expect(first.location.search).toBe("?offerta=req-1");
    first.unmount();

    const second = await openForm();
    expect(priceBox()).toHaveValue("99,9");
    expect(descriptionBox()).toHaveValue("Pronte in negozio");
    await second.user.click(sendButton());
    await waitFor(() => expect(second.location.pathname).toBe("/messages/req-1_shop-1"));
    expect(sessionStorage.length).toBe(0);
  });

  it("says 'Errore nell'invio dell'offerta. Riprova.' once, on the form, when sending fails, and stays there", async () => {
    vi.mocked(saveOffer).mockRejectedValue(Object.assign(new Error("boom"), { code: "functions/internal" }));
    const { user, location } = await openForm();
    await user.type(priceBox(), "100");
    await user.type(descriptionBox(), "Pronte in negozio");
    await user.click(sendButton());
    expect(
      await screen.findByText(ERROR_MESSAGES.sendOffer, { selector: "form [role=alert]" }),
    ).toBeInTheDocument();
    // Not a second time in the app's 'Errore' toast.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(ERROR_MESSAGES.sendOffer)).toHaveLength(1);
    expect(toastTexts()).toEqual([]);
    expect(location.pathname).toBe("/make-offer/req-1");
  });

  it("edits the merchant's pending offer on a second visit", async () => {
    vi.mocked(getOffer).mockResolvedValue(
      anOffer({
        price: 99.9,
        deliveryOptions: ["delivery"],
        estimatedDeliveryTime: "Domani",
        additionalNotes: "",
      }),
    );
    const page = renderPage(<MakeOfferPage />, {
      path: "/make-offer/req-1",
      pattern: "/make-offer/:requestId",
    });
    await screen.findByRole("heading", { level: 1, name: "Modifica la tua offerta" });
    expect(priceBox()).toHaveValue("99,9");
    expect(descriptionBox()).toHaveValue("Modello 2024, garanzia 12 mesi.");
    expect((checkbox("Ritiro in negozio") as HTMLInputElement).checked).toBe(false);
    expect((checkbox("Consegna a domicilio") as HTMLInputElement).checked).toBe(true);
    await page.user.clear(priceBox());
    await page.user.type(priceBox(), "95");
    await page.user.click(screen.getByRole("button", { name: "Aggiorna l'offerta" }));
    await waitFor(() => expect(page.location.pathname).toBe("/messages/req-1_shop-1"));
    expect(saveOffer).toHaveBeenCalledWith(
      expect.objectContaining({
        form: expect.objectContaining({ price: 95, deliveryOptions: ["delivery"] }),
      }),
    );
  });

  it("offers again when the shop's offer expired with the request and the buyer renewed it", async () => {
    vi.mocked(getOffer).mockResolvedValue(anOffer({ status: "expired", price: 120 }));
    const page = renderPage(<MakeOfferPage />, {
      path: "/make-offer/req-1",
      pattern: "/make-offer/:requestId",
    });
    await screen.findByRole("heading", { level: 1, name: MERCHANT_MESSAGES.offerAgainTitle });
    expect(screen.getByText(MERCHANT_MESSAGES.offerAgainIntro)).toBeInTheDocument();
    expect(priceBox()).toHaveValue("120");
    await page.user.clear(priceBox());
    await page.user.type(priceBox(), "110");
    await page.user.click(screen.getByRole("button", { name: "Invia l'offerta" }));
    await waitFor(() => expect(page.location.pathname).toBe("/messages/req-1_shop-1"));
    expect(saveOffer).toHaveBeenCalledWith(
      expect.objectContaining({ form: expect.objectContaining({ price: 110 }) }),
    );
  });

  it("shows an offer that is no longer pending instead of the form", async () => {
    vi.mocked(getOffer).mockResolvedValue(anOffer({ status: "accepted" }));
    renderPage(<MakeOfferPage />, { path: "/make-offer/req-1", pattern: "/make-offer/:requestId" });
    expect(await screen.findByText(MERCHANT_MESSAGES.offerNotEditable)).toBeInTheDocument();
    expect(screen.getByText("Accettata")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Apri la conversazione" })).toHaveAttribute(
      "href",
      "/messages/req-1_shop-1",
    );
    expect(screen.queryByRole("textbox", { name: /Prezzo/ })).not.toBeInTheDocument();
  });

  it("says 'Richiesta non trovata' and goes back to /browse when the request does not exist", async () => {
    vi.mocked(getRequest).mockResolvedValue(null);
    const { location } = renderPage(<MakeOfferPage />, {
      path: "/make-offer/nope",
      pattern: "/make-offer/:requestId",
    });
    expect(await findToast("Errore")).toHaveTextContent(ERROR_MESSAGES.requestNotFound);
    await waitFor(() => expect(location.pathname).toBe("/browse"));
  });

  it("says 'Errore nel caricare la richiesta' when loading fails, with a retry", async () => {
    vi.mocked(getRequest).mockRejectedValueOnce(new Error("offline"));
    const { user } = renderPage(<MakeOfferPage />, {
      path: "/make-offer/req-1",
      pattern: "/make-offer/:requestId",
    });
    const alert = await screen.findByText(ERROR_MESSAGES.loadRequest, { selector: "[role=alert] p" });
    expect(alert).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Riprova" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Fai un'offerta" })).toBeInTheDocument();
  });
});
