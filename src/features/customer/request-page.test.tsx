import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { acceptOffer } from "@/data/deals";
import { getPublicProfile } from "@/data/profiles";
import { listOffersForRequest } from "@/data/received-offers";
import { fetchRequestPhotos } from "@/data/request-photos";
import { getRequest } from "@/data/requests";
import { holdFingerprint } from "@/domain/marketplace/deal-end";
import type { Offer } from "@/domain/marketplace/offer";
import type { Request } from "@/domain/marketplace/request";
import type { PublicProfile } from "@/domain/people/user";
import { readPickupCode, savePickupCode } from "@/lib/pickup-code-storage";
import { type SessionValue, useSession } from "@/lib/session/session-provider";
import { tellNews } from "@/testing/news";
import { renderPage } from "@/testing/render-page";
import { RequestPage } from "./request-page";

vi.mock("@/data/requests", () => ({ getRequest: vi.fn() }));
vi.mock("@/data/received-offers", () => ({ listOffersForRequest: vi.fn() }));
vi.mock("@/data/profiles", () => ({ getPublicProfile: vi.fn() }));
vi.mock("@/data/deals", () => ({
  acceptOffer: vi.fn(),
  rejectOffer: vi.fn(),
  shopHold: vi.fn(async () => ({ address: "Via Roma 5, Milano" })),
}));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));
vi.mock("@/data/request-photos", () => ({ fetchRequestPhotos: vi.fn() }));

const NOW = new Date("2026-11-20T10:00:00Z");

const lamp: Request = {
  id: "req-lamp",
  customerId: "buyer-1",
  productName: "Lampada da scrivania LED",
  description: "Luce calda, con morsetto.",
  category: "casa",
  budget: { min: 20, max: 60 },
  urgency: "giorni",
  deliveryPreference: "both",
  actionRadius: 10,
  location: { lat: 45.46, lng: 9.19, address: "Milano", geohash: "u0nd9hdfv" },
  gh3: "u0n",
  gh4: "u0nd",
  gh5: "u0nd9",
  productDetails: {},
  status: "active",
  aiGenerated: true,
  imageAnalyzed: false,
  createdAt: NOW,
  updatedAt: NOW,
};

function offer(merchantId: string, merchantName: string, price: number, extra: Partial<Offer> = {}): Offer {
  return {
    id: `req-lamp_${merchantId}`,
    requestId: "req-lamp",
    merchantId,
    customerId: "buyer-1",
    merchantName,
    price,
    description: `Offerta di ${merchantName}`,
    deliveryOptions: ["delivery"],
    status: "pending",
    aiGenerated: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...extra,
  };
}

const navigli = offer("shop-navigli", "Elettronica Navigli", 39, { estimatedDeliveryTime: "2 giorni" });
const isola = offer("shop-isola", "Sport & Co. Isola", 55, { estimatedDeliveryTime: "1 giorno" });

function profile(
  uid: string,
  businessName: string,
  rating: number,
  count: number,
  lat: number,
): PublicProfile {
  return {
    uid,
    displayName: businessName,
    businessName,
    userType: "merchant",
    averageRating: rating,
    totalRatings: count,
    location: { lat, lng: 9.19 },
  };
}

const PROFILES: Record<string, PublicProfile> = {
  // 5.6 km from the request's place, rated 3.5 by 4 buyers
  "shop-navigli": profile("shop-navigli", "Elettronica Navigli", 3.5, 4, 45.51),
  // 1.1 km, rated 4.8 by 12
  "shop-isola": profile("shop-isola", "Sport & Co. Isola", 4.8, 12, 45.47),
};

beforeEach(() => {
  vi.mocked(useSession).mockReturnValue({
    loading: false,
    user: { uid: "buyer-1", email: "giulia@example.com" },
    userData: { uid: "buyer-1", userType: "customer", displayName: "Giulia", isFallback: false },
  } as unknown as SessionValue);
  vi.mocked(getRequest).mockReset().mockResolvedValue(lamp);
  vi.mocked(listOffersForRequest).mockReset().mockResolvedValue([isola, navigli]);
  vi.mocked(getPublicProfile)
    .mockReset()
    .mockImplementation(async (uid) => PROFILES[uid] ?? null);
  vi.mocked(acceptOffer).mockReset();
});

const open = () =>
  renderPage(<RequestPage />, { path: "/requests/req-lamp", pattern: "/requests/:requestId" });

const columns = () =>
  within(screen.getByRole("list", { name: "Offerte a confronto" })).getAllByRole("article");
const shopsInOrder = () => columns().map((column) => within(column).getByRole("heading").textContent);

describe("/requests/:requestId", () => {
  it("shows the request and compares its offers: price, delivery, availability, rating, distance", async () => {
    open();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Lampada da scrivania LED" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Luce calda, con morsetto.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Offerte ricevute (2 offerte)" })).toBeInTheDocument();
    expect(listOffersForRequest).toHaveBeenCalledWith("req-lamp", "buyer-1");

    const navigliColumn = await screen.findByRole("article", { name: "Elettronica Navigli" });
    expect(navigliColumn).toHaveTextContent("39,00 €");
    expect(navigliColumn).toHaveTextContent("Prezzo più basso");
    // What the shop keeps aside once accepted, before 'Accetta' (the default choice when none was stored).
    expect(navigliColumn).toHaveTextContent("Tenuto da parteFino a domani alla chiusura");
    expect(navigliColumn).toHaveTextContent("Consegna a domicilio");
    expect(navigliColumn).toHaveTextContent("2 giorni");
    await within(navigliColumn).findByText(/3,5/);
    expect(navigliColumn).toHaveTextContent("3,5 su 5 · 4 valutazioni");
    expect(navigliColumn).toHaveTextContent("circa 5,6 km");
    expect(within(navigliColumn).getByRole("link", { name: /Chat con Elettronica Navigli/ })).toHaveAttribute(
      "href",
      "/messages/req-lamp_shop-navigli",
    );
    expect(
      within(navigliColumn).getByRole("link", { name: /Pagina del negozio Elettronica Navigli/ }),
    ).toHaveAttribute("href", "/negozi/shop-navigli");
    expect(
      within(navigliColumn).getByRole("button", { name: /Accetta l'offerta di Elettronica Navigli/ }),
    ).toBeEnabled();
    expect(
      within(navigliColumn).getByRole("button", { name: /Rifiuta l'offerta di Elettronica Navigli/ }),
    ).toBeEnabled();
  });

  it("sorts by price by default, and by rating or distance on request", async () => {
    const { user } = open();
    await screen.findByRole("article", { name: "Elettronica Navigli" });
    await screen.findByText(/4,8/);
    expect(shopsInOrder()).toEqual(["Elettronica Navigli", "Sport & Co. Isola"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Ordina per" }), "Valutazione migliore");
    expect(shopsInOrder()).toEqual(["Sport & Co. Isola", "Elettronica Navigli"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Ordina per" }), "Più vicino");
    expect(shopsInOrder()).toEqual(["Sport & Co. Isola", "Elettronica Navigli"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Ordina per" }), "Prezzo più basso");
    expect(shopsInOrder()).toEqual(["Elettronica Navigli", "Sport & Co. Isola"]);
  });

  it("links how offers are ordered beside the comparison, and how reviews are checked on every offer card", async () => {
    open();
    await screen.findByRole("article", { name: "Elettronica Navigli" });
    expect(screen.getByRole("link", { name: "Come ordiniamo le richieste" })).toHaveAttribute(
      "href",
      "/regole/ordinamento",
    );
    for (const column of columns()) {
      expect(within(column).getByRole("link", { name: "Come verifichiamo le recensioni" })).toHaveAttribute(
        "href",
        "/regole/recensioni",
      );
    }
  });

  it("accepts an offer after the confirmation, right from the comparison", async () => {
    vi.mocked(acceptOffer).mockResolvedValue({
      offerId: isola.id,
      requestId: "req-lamp",
    });
    const { user } = open();
    const column = await screen.findByRole("article", { name: "Sport & Co. Isola" });
    await user.click(within(column).getByRole("button", { name: /Accetta l'offerta di Sport & Co. Isola/ }));
    const dialog = await screen.findByRole("dialog", { name: /Accettare l'offerta di Sport & Co. Isola/ });
    expect(await within(dialog).findByText("Via Roma 5, Milano")).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Sì, accetta l'offerta" }));
    expect(acceptOffer).toHaveBeenCalledWith({
      offerId: isola.id,
      terms: {
        price: 55,
        description: "Offerta di Sport & Co. Isola",
        deliveryOptions: ["delivery"],
        hold: holdFingerprint({ holdChoice: isola.holdChoice, address: "Via Roma 5, Milano" }),
      },
    });
  });

  it("shows a new offer as it arrives, and an empty state before any", async () => {
    vi.mocked(listOffersForRequest).mockResolvedValue([]);
    const { queryClient } = open();
    expect(await screen.findByText("Ancora nessuna offerta")).toBeInTheDocument();
    // The header hears of a new offer on another request: nothing is read again.
    await tellNews(queryClient, "buyer-1", { conversations: {} });
    await tellNews(queryClient, "buyer-1", { conversations: { "req-other_shop-x": { offer: true } } });
    expect(listOffersForRequest).toHaveBeenCalledTimes(1);
    // Then of one on this request.
    vi.mocked(listOffersForRequest).mockResolvedValue([navigli]);
    await tellNews(queryClient, "buyer-1", {
      conversations: { "req-other_shop-x": { offer: true }, [navigli.id]: { offer: true } },
    });
    expect(await screen.findByRole("article", { name: "Elettronica Navigli" })).toBeInTheDocument();
    expect(screen.queryByText("Ancora nessuna offerta")).not.toBeInTheDocument();
  });

  it("offers no decision on a request that is no longer active", async () => {
    vi.mocked(getRequest).mockResolvedValue({ ...lamp, status: "in_progress" });
    vi.mocked(listOffersForRequest).mockResolvedValue([
      { ...navigli, status: "accepted" },
      { ...isola, status: "rejected" },
    ]);
    open();
    const column = await screen.findByRole("article", { name: "Elettronica Navigli" });
    expect(column).toHaveTextContent("Accettata");
    expect(screen.queryByRole("button", { name: /Accetta/ })).not.toBeInTheDocument();
    // The request's life: a deal in progress can be cancelled from here, the request not closed.
    expect(screen.getByRole("button", { name: /^Annulla l'accordo/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Chiudi la richiesta/ })).not.toBeInTheDocument();
  });

  it("keeps the pickup code on the device while the deal waits, and drops it once verified", async () => {
    const deal = { ...lamp, status: "in_progress" as const, acceptedOfferId: navigli.id };
    vi.mocked(listOffersForRequest).mockResolvedValue([{ ...navigli, status: "accepted" }]);
    savePickupCode("buyer-1", navigli.id, "ACDEFG");
    vi.mocked(getRequest).mockResolvedValue(deal);
    const waiting = open();
    expect(await screen.findByRole("button", { name: "Mostra il codice di ritiro" })).toBeInTheDocument();
    expect(readPickupCode("buyer-1", navigli.id)).toBe("ACDEFG");
    waiting.unmount();

    // A mark an older version left on the request is not this deal's: nothing says 'verificato'.
    vi.mocked(getRequest).mockResolvedValue({ ...deal, verifiedPurchaseAt: NOW });
    const later = open();
    expect(await screen.findByRole("button", { name: "Mostra il codice di ritiro" })).toBeInTheDocument();
    expect(screen.queryByText(/Acquisto verificato/)).toBeNull();
    later.unmount();

    // Verified at the till: the offer carries the mark, the request is completed.
    vi.mocked(listOffersForRequest).mockResolvedValue([
      { ...navigli, status: "accepted", verifiedPurchaseAt: NOW },
    ]);
    vi.mocked(getRequest).mockResolvedValue({ ...deal, status: "completed", completedOfferId: navigli.id });
    open();
    expect(await screen.findByText(/Acquisto verificato/)).toBeInTheDocument();
    await vi.waitFor(() => expect(readPickupCode("buyer-1", navigli.id)).toBeNull());
  });

  it("shows the buyer's photo with the request", async () => {
    vi.mocked(getRequest).mockResolvedValue({ ...lamp, photoCount: 1 });
    vi.mocked(fetchRequestPhotos).mockResolvedValue([
      {
        id: "p1",
        requestId: "req-lamp",
        customerId: "buyer-1",
        contentType: "image/jpeg",
        data: "/9j/p1AAAA",
        width: 640,
        height: 480,
        bytes: 9,
        createdAt: NOW,
      },
    ]);
    open();
    expect(
      await screen.findByRole("img", { name: "Foto allegata dall'acquirente: Lampada da scrivania LED" }),
    ).toBeInTheDocument();
    expect(fetchRequestPhotos).toHaveBeenCalledWith("req-lamp");
  });

  it("says so when the request does not exist or is someone else's", async () => {
    vi.mocked(getRequest).mockResolvedValue(null);
    open();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Richiesta non trovata" }),
    ).toBeInTheDocument();
    expect(listOffersForRequest).not.toHaveBeenCalled();
  });
});
