import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  countMerchantOffers,
  getShopMonth,
  listHeldOffers,
  listMerchantOffersOn,
  listRecentMerchantOffers,
} from "@/data/offers";
import { verifyPickup } from "@/data/pickup-codes";
import { fetchNearbyRequests, type NearbyRequestsCursor } from "@/data/requests";
import { getResponseStats } from "@/data/shop-stats";
import { getPlan, subscribePlan } from "@/data/subscriptions";
import { type Subscription, trialSubscription } from "@/domain/billing/plans";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { PAGE_LEADS } from "@/domain/core/page-leads";
import { SHOP_FUNNEL_MESSAGES, shopMonthOf } from "@/domain/market/shop-funnel";
import { MERCHANT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { PICKUP_MESSAGES } from "@/domain/marketplace/pickup";
import { HOLD_MESSAGES, holdMoment, TODAYS_PICKUPS_MAX } from "@/domain/marketplace/pickup-hold";
import { useSession } from "@/lib/session/session-provider";
import { aNearbyRequest, anOffer, aRequest, merchantSession } from "@/testing/marketplace-fixtures";
import { tellNews } from "@/testing/news";
import { topOutline } from "@/testing/outline";
import { renderPage } from "@/testing/render-page";
import { MerchantDashboardPage } from "./merchant-dashboard-page";

vi.mock("@/data/requests", () => ({ fetchNearbyRequests: vi.fn() }));
vi.mock("@/data/offers", () => ({
  countMerchantOffers: vi.fn(),
  listRecentMerchantOffers: vi.fn(),
  listHeldOffers: vi.fn(),
  getShopMonth: vi.fn(),
  listMerchantOffersOn: vi.fn(),
}));
vi.mock("@/data/pickup-codes", () => ({ verifyPickup: vi.fn() }));
vi.mock("@/data/tokens", () => ({ purchaseTokens: vi.fn(), getTokenBalance: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));
vi.mock("@/data/subscriptions", () => ({ subscribePlan: vi.fn(), getPlan: vi.fn() }));
vi.mock("@/data/shop-stats", () => ({ getResponseStats: vi.fn() }));

// Page tests click and type through whole flows: a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

const LONG_ADDRESS = "Via Giovanni Battista Pergolesi 12, Milano";

function stat(label: string) {
  const term = screen.getByText(label, { selector: "dt", exact: false });
  return term.nextElementSibling?.textContent;
}

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(useSession).mockReturnValue(merchantSession());
  const nearby = Array.from({ length: 7 }, (_, i) =>
    aNearbyRequest({
      id: `req-${i}`,
      productName: `Richiesta ${i}`,
      // Answered already: the tile of requests without offers has its own test.
      offerCount: 1,
      location: { address: LONG_ADDRESS, lat: 45.47, lng: 9.2, geohash: "u0nd9x2bc" },
    }),
  );
  vi.mocked(fetchNearbyRequests).mockResolvedValue({
    items: nearby,
    nextCursor: null,
    reads: 7,
    queries: 2,
    indexEntries: 0,
  });
  vi.mocked(countMerchantOffers).mockImplementation(async (_uid, status) =>
    status === "pending" ? 3 : status === "accepted" ? 2 : 6,
  );
  vi.mocked(listRecentMerchantOffers).mockResolvedValue([
    // Offers on older requests than the zone's (those have their own test).
    { offer: anOffer({ id: "old-1_shop-1", requestId: "old-1" }), request: aRequest({ id: "old-1" }) },
    { offer: anOffer({ id: "old-2_shop-1", requestId: "old-2", status: "accepted" }), request: null },
  ]);
  vi.mocked(listMerchantOffersOn).mockResolvedValue(new Map());
  vi.mocked(listHeldOffers).mockResolvedValue([]);
  vi.mocked(getShopMonth).mockResolvedValue({ offers: 12, accepted: 5, verified: 3 });
  vi.mocked(getResponseStats).mockResolvedValue(null);
  withPlan(trialSubscription("shop-1", new Date(Date.now() - 5 * DAY)));
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

const DAY = 24 * 60 * 60 * 1000;

function withPlan(plan: Subscription | null) {
  vi.mocked(getPlan).mockResolvedValue(plan);
  vi.mocked(subscribePlan).mockImplementation((_uid, listener) => {
    queueMicrotask(() => listener.next(plan));
    return () => undefined;
  });
}

describe("/merchant plan card", () => {
  it("shows the trial and links to /abbonamento", async () => {
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    // While the plan is read, the card keeps its place (title, a line, the button's room).
    const placeholder = screen.getByRole("region", { name: "Il tuo piano" });
    expect(placeholder).toHaveAttribute("aria-busy", "true");
    expect(await screen.findByText("Prova gratuita")).toBeInTheDocument();
    const card = screen.getByRole("region", { name: "Il tuo piano" });
    expect(card).not.toHaveAttribute("aria-busy");
    expect(within(card).queryByRole("status")).not.toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Gestisci l'abbonamento" })).toHaveAttribute(
      "href",
      "/abbonamento",
    );
    // Read once: the dashboard follows no plan listener (/abbonamento does, while the shop pays).
    expect(subscribePlan).not.toHaveBeenCalled();
  });

  it("warns 7 days before the plan ends, and sends a shop without a plan to choose one", async () => {
    withPlan(trialSubscription("shop-1", new Date(Date.now() - 26 * DAY)));
    const { unmount } = renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    expect(
      await screen.findByText("Il tuo piano termina tra 4 giorni: rinnovalo per continuare a fare offerte."),
    ).toBeInTheDocument();
    unmount();
    withPlan(trialSubscription("shop-1", new Date(Date.now() - 40 * DAY)));
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    expect(await screen.findByRole("link", { name: "Scegli un piano" })).toHaveAttribute(
      "href",
      "/abbonamento",
    );
    expect(screen.getByText("Scaduto")).toBeInTheDocument();
  });
});

describe("/merchant response time", () => {
  it("shows the shop's own response time beside its area's median", async () => {
    vi.mocked(getResponseStats).mockImplementation(async (collection) =>
      collection === "shopStats" ? { responseBucket: "15m", area: "u0nd9" } : { responseBucket: "4h" },
    );
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    const card = (await screen.findByRole("heading", { name: "I tuoi tempi di risposta" })).closest("div")
      ?.parentElement as HTMLElement;
    await waitFor(() => expect(within(card).getByText("entro 15 minuti")).toBeInTheDocument());
    await waitFor(() => expect(within(card).getByText("entro 4 ore")).toBeInTheDocument());
    expect(getResponseStats).toHaveBeenCalledWith("areaStats", "u0nd9");
  });

  it("says 5 answers are needed while the shop has fewer", async () => {
    vi.mocked(getResponseStats).mockResolvedValue({ responseBucket: null });
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    expect(await screen.findByText(/Servono almeno 5 risposte/)).toBeInTheDocument();
  });
});

describe("/merchant", () => {
  it("greets the shop, labels Leonardo and counts requests in the zone, offers sent, pending and accepted", async () => {
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Ciao, Elettronica Navigli" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Leonardo/)).toBeInTheDocument();
    await screen.findByText("Richiesta 0");
    expect(stat("Richieste in zona")).toBe("7");
    expect(stat("Offerte inviate")).toBe("6");
    expect(stat("In attesa")).toBe("3");
    expect(stat("Accettate")).toBe("2");
    expect(countMerchantOffers).toHaveBeenCalledWith("shop-1");
    expect(countMerchantOffers).toHaveBeenCalledWith("shop-1", "pending");
    expect(countMerchantOffers).toHaveBeenCalledWith("shop-1", "accepted");
    expect(fetchNearbyRequests).toHaveBeenCalledWith(expect.objectContaining({ radiusKm: 10, pageSize: 50 }));
  });

  it("counts live: a buyer accepting an offer moves 'In attesa' to 'Accettate' without a reload", async () => {
    const { queryClient } = renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    await screen.findByText("Richiesta 0");
    expect(stat("Accettate")).toBe("2");
    // The header's unread counts (src/lib/news.ts): the first snapshot, then the buyer's acceptance
    // notified; a message alone reads nothing again.
    await tellNews(queryClient, "shop-1", { conversations: {}, notifications: 0 });
    await tellNews(queryClient, "shop-1", { conversations: { c1: { messages: 1 } }, notifications: 0 });
    const counted = vi.mocked(countMerchantOffers).mock.calls.length;
    vi.mocked(countMerchantOffers).mockImplementation(async (_uid, status) =>
      status === "accepted" ? 3 : status === "pending" ? 2 : 6,
    );
    expect(countMerchantOffers).toHaveBeenCalledTimes(counted);
    await tellNews(queryClient, "shop-1", { conversations: { c1: { messages: 1 } }, notifications: 1 });
    await vi.waitFor(() => expect(stat("Accettate")).toBe("3"));
    expect(stat("In attesa")).toBe("2");
  });

  it("shows '50+' when the zone holds more requests than it counts", async () => {
    vi.mocked(fetchNearbyRequests).mockResolvedValue({
      items: [aNearbyRequest({ offerCount: 1 })],
      nextCursor: {} as NearbyRequestsCursor,
      reads: 1,
      queries: 1,
      indexEntries: 0,
    });
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    await screen.findByRole("link", { name: /^Fai un'offerta/ });
    expect(stat("Richieste in zona")).toBe("50+");
  });

  it("shows '50+' for offer counts that reached the rules' query bound", async () => {
    vi.mocked(countMerchantOffers).mockImplementation(async (_uid, status) => (status ? 3 : 50));
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    await screen.findByText("Richiesta 0");
    expect(stat("Offerte inviate")).toBe("50+");
    expect(stat("In attesa")).toBe("3");
  });

  it("links to /browse, /messages and /profile", async () => {
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    const nav = await screen.findByRole("navigation", { name: "Scorciatoie" });
    expect(within(nav).getByRole("link", { name: /Sfoglia le richieste/ })).toHaveAttribute(
      "href",
      "/browse",
    );
    expect(within(nav).getByRole("link", { name: /Messaggi/ })).toHaveAttribute("href", "/messages");
    expect(within(nav).getByRole("link", { name: /Profilo/ })).toHaveAttribute("href", "/profile");
  });

  it("lists the 5 newest nearby requests, addresses cut to 30 characters, each with 'Fai un'offerta'", async () => {
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    const section = (await screen.findByRole("heading", { name: "Richieste vicino a te" })).closest("div")!
      .parentElement as HTMLElement;
    await within(section).findByText("Richiesta 0");
    const offri = within(section).getAllByRole("link", { name: /^Fai un'offerta per Richiesta \d$/ });
    expect(offri).toHaveLength(5);
    expect(offri[0]).toHaveAttribute("href", "/make-offer/req-0");
    expect(within(section).getAllByText(/Via Giovanni Battista Pergoles\.\.\./)).toHaveLength(5);
    expect(within(section).queryByText(new RegExp(LONG_ADDRESS))).toBeNull();
  });

  it("says 'Hai offerto 150 €' on a request the shop already answered, in /browse's words", async () => {
    vi.mocked(listMerchantOffersOn).mockResolvedValue(
      new Map([
        ["req-0", anOffer({ requestId: "req-0", price: 150 })],
        ["req-1", anOffer({ requestId: "req-1", price: 90, status: "expired" })],
      ]),
    );
    vi.mocked(fetchNearbyRequests).mockResolvedValue({
      items: [
        aNearbyRequest({ id: "req-0", productName: "Richiesta 0", offerCount: 1 }),
        aNearbyRequest({ id: "req-1", productName: "Richiesta 1", status: "active", offerCount: 1 }),
        aNearbyRequest({ id: "req-2", productName: "Richiesta 2" }),
      ],
      nextCursor: null,
      reads: 3,
      queries: 1,
      indexEntries: 0,
    });
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    const offered = await screen.findByRole("link", {
      name: /^Hai offerto 150.*€ per Richiesta 0: vedi la tua offerta$/,
    });
    expect(offered).toHaveAttribute("href", "/make-offer/req-0");
    expect(screen.queryByRole("link", { name: /^Fai un'offerta per Richiesta 0/ })).toBeNull();
    // Once in the nearby list, once among the requests no shop has answered yet.
    expect(screen.getAllByRole("link", { name: /^Fai un'offerta per Richiesta 2$/ })).toHaveLength(2);
    expect(listMerchantOffersOn).toHaveBeenCalledWith("shop-1", ["req-0", "req-1", "req-2"]);
  });

  it("takes the shop's offers that came with the latest offers from there, and reads only the others", async () => {
    vi.mocked(listRecentMerchantOffers).mockResolvedValue([
      { offer: anOffer({ id: "req-0_shop-1", requestId: "req-0", price: 150 }), request: null },
    ]);
    vi.mocked(listMerchantOffersOn).mockResolvedValue(
      new Map([["req-2", anOffer({ id: "req-2_shop-1", requestId: "req-2", price: 75 })]]),
    );
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    await screen.findByRole("link", { name: /^Hai offerto 150.*€ per Richiesta 0: vedi la tua offerta$/ });
    await screen.findByRole("link", { name: /^Hai offerto 75.*€ per Richiesta 2: vedi la tua offerta$/ });
    expect(screen.getByRole("link", { name: /^Fai un'offerta per Richiesta 1$/ })).toBeVisible();
    expect(listMerchantOffersOn).toHaveBeenCalledTimes(1);
    expect(listMerchantOffersOn).toHaveBeenCalledWith("shop-1", ["req-1", "req-2", "req-3", "req-4"]);
  });

  it("opens on the shop's own categories (with 'Generale'), every category one tap away", async () => {
    vi.mocked(useSession).mockReturnValue(merchantSession({ categories: ["elettronica", "casa"] }));
    const { user, location } = renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    const mine = await screen.findByRole("button", { name: "Le tue categorie" });
    expect(mine).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("Elettronica, Casa e Generale")).toBeInTheDocument();
    await screen.findByText("Richiesta 0");
    expect(fetchNearbyRequests).toHaveBeenLastCalledWith(
      expect.objectContaining({ categories: ["elettronica", "casa", "generale"] }),
    );
    expect(screen.getByText(/nelle tue categorie/, { selector: "dt *" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Tutte le categorie" }));
    await waitFor(() =>
      expect(fetchNearbyRequests).toHaveBeenLastCalledWith(
        expect.objectContaining({ categories: undefined, radiusKm: 10 }),
      ),
    );
    expect(location.search).toBe("?categoria=tutte");
    expect(screen.getByRole("button", { name: "Tutte le categorie" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByRole("link", { name: "Vedi tutte le richieste" })).toHaveAttribute(
      "href",
      "/browse?categoria=tutte",
    );
  });

  it("writes product names with a capital letter, as typed otherwise", async () => {
    vi.mocked(fetchNearbyRequests).mockResolvedValue({
      items: [aNearbyRequest({ id: "req-b", productName: "bicicletta da città", offerCount: 1 })],
      nextCursor: null,
      reads: 1,
      queries: 1,
      indexEntries: 0,
    });
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    expect(await screen.findByText("Bicicletta da città")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Fai un'offerta per Bicicletta da città" })).toBeInTheDocument();
    expect(screen.queryByText("bicicletta da città")).toBeNull();
  });

  it("shows the most recent offers with their status", async () => {
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    const heading = await screen.findByRole("heading", { name: "Le tue ultime offerte" });
    const card = heading.closest("div")!.parentElement as HTMLElement;
    expect(await within(card).findByText("In attesa")).toBeInTheDocument();
    expect(within(card).getByText("Accettata")).toBeInTheDocument();
    expect(within(card).getByText(MERCHANT_MESSAGES.requestUnavailable)).toBeInTheDocument();
    expect(listRecentMerchantOffers).toHaveBeenCalledWith("shop-1", 4);
    expect(within(card).getByRole("link", { name: "Tutte le offerte" })).toHaveAttribute("href", "/offers");
  });

  it("lists the zone's requests of the last 7 days that no shop has answered, newest first, each to the offer form", async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    vi.mocked(fetchNearbyRequests).mockResolvedValue({
      items: [
        aNearbyRequest({ id: "answered", productName: "Con offerte", offerCount: 2, createdAt: hoursAgo(1) }),
        aNearbyRequest({ id: "older", productName: "Bici da città", createdAt: hoursAgo(30) }),
        aNearbyRequest({ id: "newer", productName: "Trapano", offerCount: 0, createdAt: hoursAgo(2) }),
        aNearbyRequest({ id: "stale", productName: "Vecchia", createdAt: hoursAgo(8 * 24) }),
      ],
      nextCursor: null,
      reads: 4,
      queries: 1,
      indexEntries: 0,
    });
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    const tile = await screen.findByRole("region", { name: "Richieste senza offerte vicino a te" });
    const links = await within(tile).findAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/make-offer/newer",
      "/make-offer/older",
    ]);
    expect(links[0]).toHaveAccessibleName("Fai un'offerta per Trapano");
    expect(within(tile).queryByText("Con offerte")).toBeNull();
    expect(within(tile).queryByText("Vecchia")).toBeNull();
  });

  it("has empty and error states", async () => {
    vi.mocked(fetchNearbyRequests).mockRejectedValue(new Error("offline"));
    vi.mocked(listRecentMerchantOffers).mockResolvedValue([]);
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    expect(
      await screen.findByText(ERROR_MESSAGES.loadRequests, { selector: "[role=alert]" }),
    ).toBeInTheDocument();
    expect(await screen.findByText(MERCHANT_MESSAGES.noOffers)).toBeInTheDocument();
    expect(stat("Richieste in zona")).toBe("–");
  });

  it("asks for the shop's position when the profile has none", async () => {
    vi.mocked(useSession).mockReturnValue(merchantSession({ location: null }));
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    expect(await screen.findByRole("link", { name: MERCHANT_MESSAGES.locationNotSet })).toHaveAttribute(
      "href",
      "/profile",
    );
  });
});

describe("/merchant's static frame", () => {
  it("has the page's top (greeting, assistant, wallet, lead), so nothing there moves when the page replaces it", async () => {
    const { render } = await import("@testing-library/react");
    const { MemoryRouter } = await import("react-router");
    const { MerchantDashboardShell } = await import("./components/merchant-shell");
    const frame = render(
      <MemoryRouter>
        <MerchantDashboardShell />
      </MemoryRouter>,
    );
    const frameTop = topOutline(frame.container);
    expect(frame.container.firstElementChild).toHaveAttribute("inert");
    frame.unmount();

    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    await screen.findByRole("heading", { level: 1, name: "Ciao, Elettronica Navigli" });
    expect(topOutline(document.body)).toEqual(frameTop);
    expect(frameTop.some((line) => line.includes(PAGE_LEADS.merchantDashboard))).toBe(true);
  });
});

describe("/merchant 'Ritiri di oggi'", () => {
  it("lists the holds ending today or later, bounded, each with 'Verifica il codice'", async () => {
    const until = new Date(Date.now() + 3 * 60 * 60_000);
    vi.mocked(listHeldOffers).mockResolvedValue([
      anOffer({
        id: "req-9_shop-1",
        status: "accepted",
        productName: "Trapano avvitatore",
        holdUntil: until,
      }),
    ]);
    vi.mocked(verifyPickup).mockResolvedValue({
      offerId: "req-9_shop-1",
      requestId: "req-9",
      verifiedPurchase: true,
    });
    const { user } = renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    expect(await screen.findByRole("heading", { name: HOLD_MESSAGES.todayTitle })).toBeInTheDocument();
    const list = (await screen.findByRole("link", { name: "Trapano avvitatore" })).closest(
      "ul",
    ) as HTMLElement;
    expect(list).toHaveTextContent("Trapano avvitatore");
    expect(list).toHaveTextContent(`${HOLD_MESSAGES.heldUntil} ${holdMoment(until)}`);
    expect(listHeldOffers).toHaveBeenCalledWith("shop-1", expect.any(Date), TODAYS_PICKUPS_MAX);
    const from = vi.mocked(listHeldOffers).mock.calls[0]?.[1] as Date;
    expect(from.getTime()).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - from.getTime()).toBeLessThan(25 * 60 * 60_000);

    // The form's code loads with the first deal on screen: until then the same button, disabled.
    const verify = () => within(list).getByRole("button", { name: PICKUP_MESSAGES.verify });
    await waitFor(() => expect(verify()).toBeEnabled());
    await user.click(verify());
    await user.type(within(list).getByLabelText(PICKUP_MESSAGES.codeField), "ACDEFG");
    await user.click(within(list).getByRole("button", { name: PICKUP_MESSAGES.confirm }));
    expect(verifyPickup).toHaveBeenCalledWith({ offerId: "req-9_shop-1", code: "ACDEFG" });
  });

  it("says when there is nothing to collect today", async () => {
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    expect(await screen.findByText(HOLD_MESSAGES.todayEmpty)).toBeInTheDocument();
  });
});

describe("/merchant funnel of the month", () => {
  it("shows 'Offerte → Accettate → Acquisti verificati' from the server's counters of this month", async () => {
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    const funnel = await screen.findByRole("list", { name: SHOP_FUNNEL_MESSAGES.title });
    await waitFor(() => expect(funnel).toHaveTextContent("Offerte: 12→Accettate: 5→Acquisti verificati: 3"));
    expect(getShopMonth).toHaveBeenCalledWith("shop-1", shopMonthOf(new Date()));
  });
});
