import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { listMyBlocks } from "@/data/moderation";
import { listMerchantOffersOn, sendGroupOffer } from "@/data/offers";
import { fetchNearbyRequests } from "@/data/requests";
import { OFFER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { useSession } from "@/lib/session/session-provider";
import { aNearbyRequest, anOffer, merchantSession } from "@/testing/marketplace-fixtures";
import { renderPage } from "@/testing/render-page";
import { BrowsePage } from "./browse-page";

vi.mock("@/data/requests", () => ({ fetchNearbyRequests: vi.fn() }));
vi.mock("@/data/offers", () => ({ listMerchantOffersOn: vi.fn(), sendGroupOffer: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));
vi.mock("@/data/moderation", () => ({ listMyBlocks: vi.fn(), reportContent: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

const bike = (id: string, productName: string, address: string) =>
  aNearbyRequest({
    id,
    productName,
    category: "sport",
    customerId: `buyer-${id}`,
    location: { ...aNearbyRequest().location, address },
  });
const FEED = [
  bike("bici-1", "Bici da città", "Via Torino 1, Milano"),
  aNearbyRequest({ id: "casco", productName: "Casco da bici", category: "sport" }),
  bike("bici-2", "bicicletta da città", "Viale Monza 10, Milano"),
  bike("bici-3", "biciclette", "Corso Lodi 3, Milano"),
];

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(useSession).mockReturnValue(merchantSession({ categories: ["sport"] }));
  vi.mocked(fetchNearbyRequests).mockResolvedValue({
    items: FEED,
    nextCursor: null,
    reads: FEED.length,
    queries: 1,
    indexEntries: 0,
  });
  vi.mocked(listMerchantOffersOn).mockResolvedValue(new Map());
  vi.mocked(listMyBlocks).mockResolvedValue([]);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("/browse: 'N persone cercano …'", () => {
  it("shows similar requests as one card and sends one offer for all, with the answer per request", async () => {
    vi.mocked(sendGroupOffer).mockResolvedValue({
      results: [
        { requestId: "bici-1", sent: true, offerId: "bici-1_shop-1" },
        { requestId: "bici-2", sent: false, reason: OFFER_MESSAGES.requestClosed },
        { requestId: "bici-3", sent: true, offerId: "bici-3_shop-1" },
      ],
    });
    const { user } = renderPage(<BrowsePage />, { path: "/browse" });
    const card = await screen.findByRole("article", { name: "3 persone cercano Bici da città" });
    // The helmet is another product: its own card.
    expect(screen.getAllByRole("article")).toHaveLength(2);
    const lines = within(within(card).getByRole("list", { name: "Le richieste del gruppo" })).getAllByRole(
      "listitem",
    );
    expect(lines).toHaveLength(3);
    expect(within(card).getByRole("link", { name: "Rispondi solo a questa per Biciclette" })).toHaveAttribute(
      "href",
      "/make-offer/bici-3",
    );

    await user.click(within(card).getByRole("button", { name: "Un'offerta per tutti" }));
    // The form loads on the first tap.
    const form = await within(card).findByRole("form", { name: "Offerta per tutto il gruppo" });
    // Bad input: the Italian message, nothing sent.
    await user.click(within(form).getByRole("button", { name: "Invia 3 offerte" }));
    expect(await within(form).findByText("Compila tutti i campi obbligatori")).toBeInTheDocument();
    expect(sendGroupOffer).not.toHaveBeenCalled();

    await user.type(within(form).getByRole("textbox", { name: /Prezzo/ }), "239,90");
    await user.type(within(form).getByRole("textbox", { name: /Descrizione/ }), "Bici revisionata, pronta");
    await user.click(within(form).getByRole("button", { name: "Invia 3 offerte" }));
    await waitFor(() =>
      expect(sendGroupOffer).toHaveBeenCalledWith({
        price: 239.9,
        description: "Bici revisionata, pronta",
        deliveryOptions: ["pickup"],
        requestIds: ["bici-1", "bici-2", "bici-3"],
      }),
    );
    const results = await within(card).findByRole("status", { name: "Esito delle offerte" });
    expect(within(results).getByText("Offerte inviate: 2 su 3")).toBeInTheDocument();
    expect(
      within(results).getByText(`Bicicletta da città: ${OFFER_MESSAGES.requestClosed}`),
    ).toBeInTheDocument();
  });

  it("leaves a request the shop answered out of the group, and shows no group below two", async () => {
    vi.mocked(listMerchantOffersOn).mockResolvedValue(
      new Map([["bici-2", anOffer({ requestId: "bici-2", price: 200 })]]),
    );
    renderPage(<BrowsePage />, { path: "/browse" });
    await screen.findByRole("article", { name: "2 persone cercano Bici da città" });
    expect(
      screen.getByRole("link", { name: /^Hai offerto 200.*€ per Bicicletta da città/ }),
    ).toBeInTheDocument();
  });

  it("groups nothing outside the shop's categories", async () => {
    vi.mocked(useSession).mockReturnValue(merchantSession({ categories: ["casa"] }));
    renderPage(<BrowsePage />, { path: "/browse?categoria=tutte", pattern: "/browse" });
    await screen.findByRole("link", { name: /Fai un'offerta per Biciclette/ });
    expect(screen.queryByRole("article", { name: /persone cercano/ })).toBeNull();
    expect(screen.getAllByRole("article")).toHaveLength(4);
  });
});
