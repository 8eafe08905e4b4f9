import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { listMerchantOffersWithRequests, type OffersCursor } from "@/data/offers";
import { withdrawOffer } from "@/data/request-life";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { MERCHANT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { REQUEST_LIFE_MESSAGES } from "@/domain/marketplace/request-life-messages";
import { useSession } from "@/lib/session/session-provider";
import { anOffer, aRequest, merchantSession } from "@/testing/marketplace-fixtures";
import { renderPage } from "@/testing/render-page";
import { OffersPage } from "./offers-page";

vi.mock("@/data/offers", () => ({ listMerchantOffersWithRequests: vi.fn() }));
vi.mock("@/data/request-life", () => ({ withdrawOffer: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

// Page tests click and type through whole flows: a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

const NEXT = { __offersCursor: true } as OffersCursor;

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(useSession).mockReturnValue(merchantSession());
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("/offers", () => {
  it("lists every offer with the request's title, price and status, page by page", async () => {
    vi.mocked(listMerchantOffersWithRequests)
      .mockResolvedValueOnce({
        items: [
          { offer: anOffer(), request: aRequest() },
          {
            offer: anOffer({ id: "req-2_shop-1", requestId: "req-2", status: "accepted", price: 40 }),
            request: aRequest({ id: "req-2", productName: "Lampada da scrivania", status: "in_progress" }),
          },
        ],
        nextCursor: NEXT,
      })
      .mockResolvedValueOnce({
        items: [
          // A losing shop no longer reads the request: the title comes from its offer, or is neutral.
          {
            offer: anOffer({
              id: "req-3_shop-1",
              requestId: "req-3",
              status: "rejected",
              productName: "Zaino da trekking",
            }),
            request: null,
          },
          { offer: anOffer({ id: "req-4_shop-1", requestId: "req-4", status: "expired" }), request: null },
        ],
        nextCursor: null,
      });
    const { user } = renderPage(<OffersPage />, { path: "/offers" });

    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(
      within(items[0]!).getByText("Cuffie wireless con cancellazione del rumore", { selector: "p" }),
    ).toBeInTheDocument();
    expect(within(items[0]!).getByText("120,00 €")).toBeInTheDocument();
    expect(within(items[0]!).getByText("In attesa")).toBeInTheDocument();
    expect(within(items[0]!).getByRole("link", { name: /^Modifica/ })).toHaveAttribute(
      "href",
      "/make-offer/req-1",
    );
    expect(within(items[1]!).getByText("Accettata")).toBeInTheDocument();
    expect(within(items[1]!).queryByRole("link", { name: /^Modifica/ })).toBeNull();
    expect(within(items[1]!).getByRole("link", { name: /Conversazione/ })).toHaveAttribute(
      "href",
      "/messages/req-2_shop-1",
    );

    await user.click(screen.getByRole("button", { name: "Carica altre" }));
    expect(await screen.findByText("Zaino da trekking")).toBeInTheDocument();
    expect(screen.getByText("Rifiutata")).toBeInTheDocument();
    expect(screen.getByText(MERCHANT_MESSAGES.closedRequestTitle)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Carica altre" })).toBeNull();
    expect(listMerchantOffersWithRequests).toHaveBeenLastCalledWith("shop-1", 20, NEXT);
  });

  it("withdraws a pending offer after confirmation; settled offers show 'Ritirata' and 'Annullata'", async () => {
    vi.mocked(withdrawOffer).mockResolvedValue({ offerId: "req-1_shop-1" });
    vi.mocked(listMerchantOffersWithRequests).mockResolvedValue({
      items: [
        { offer: anOffer(), request: aRequest() },
        { offer: anOffer({ id: "req-5_shop-1", requestId: "req-5", status: "withdrawn" }), request: null },
        { offer: anOffer({ id: "req-6_shop-1", requestId: "req-6", status: "cancelled" }), request: null },
      ],
      nextCursor: null,
    });
    const { user } = renderPage(<OffersPage />, { path: "/offers" });
    const items = await screen.findAllByRole("listitem");
    expect(within(items[1]!).getByText("Ritirata")).toBeInTheDocument();
    expect(within(items[2]!).getByText("Annullata")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^Ritira l'offerta/ })).toHaveLength(1);
    await user.click(within(items[0]!).getByRole("button", { name: /^Ritira l'offerta/ }));
    const dialog = screen.getByRole("dialog", { name: REQUEST_LIFE_MESSAGES.withdrawTitle });
    await user.click(within(dialog).getByRole("button", { name: REQUEST_LIFE_MESSAGES.withdrawConfirm }));
    expect(await screen.findByText(REQUEST_LIFE_MESSAGES.withdrawn)).toBeInTheDocument();
    expect(withdrawOffer).toHaveBeenCalledWith({ offerId: "req-1_shop-1" });
  });

  it("says when there are no offers yet", async () => {
    vi.mocked(listMerchantOffersWithRequests).mockResolvedValue({ items: [], nextCursor: null });
    renderPage(<OffersPage />, { path: "/offers" });
    expect(await screen.findByText(MERCHANT_MESSAGES.noOffers)).toBeInTheDocument();
  });

  it("says when the offers cannot be loaded", async () => {
    vi.mocked(listMerchantOffersWithRequests).mockRejectedValue(new Error("offline"));
    renderPage(<OffersPage />, { path: "/offers" });
    expect(
      await screen.findByText(ERROR_MESSAGES.loadOffers, { selector: "[role=alert] p" }),
    ).toBeInTheDocument();
  });
});
