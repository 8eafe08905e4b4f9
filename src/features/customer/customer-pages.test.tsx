import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { acceptOffer, completeTransaction } from "@/data/deals";
import { fetchPickupCode } from "@/data/pickup-codes";
import { countCustomerOffers, listCustomerOffers } from "@/data/received-offers";
import { closeRequest } from "@/data/request-life";
import { countCustomerRequests, listCustomerRequests } from "@/data/requests";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { holdFingerprint } from "@/domain/marketplace/deal-end";
import type { Offer } from "@/domain/marketplace/offer";
import type { Request } from "@/domain/marketplace/request";
import { REQUEST_LIFE_MESSAGES } from "@/domain/marketplace/request-life-messages";
import type { RequestStatus } from "@/domain/marketplace/state-machine";
import { readPickupCode } from "@/lib/pickup-code-storage";
import { createQueryClient } from "@/lib/query-client";
import { type SessionValue, useSession } from "@/lib/session/session-provider";
import { tellNews } from "@/testing/news";
import { outline } from "@/testing/outline";
import { findToast } from "@/testing/toasts";
import { setupUser } from "@/testing/user";
import { CustomerDashboardPage } from "./customer-dashboard-page";
import { CustomerRequestsPage } from "./customer-requests-page";

vi.mock("@/data/requests", () => ({
  listCustomerRequests: vi.fn(),
  countCustomerRequests: vi.fn(),
}));
vi.mock("@/data/request-life", () => ({
  closeRequest: vi.fn(),
  renewRequest: vi.fn(),
  cancelDeal: vi.fn(),
}));
vi.mock("@/data/received-offers", () => ({
  listCustomerOffers: vi.fn(),
  countCustomerOffers: vi.fn(),
}));
vi.mock("@/data/deals", () => ({
  acceptOffer: vi.fn(),
  rejectOffer: vi.fn(),
  completeTransaction: vi.fn(),
  shopHold: vi.fn(async () => ({ address: "Via Roma 5, Milano" })),
}));
vi.mock("@/data/pickup-codes", () => ({ fetchPickupCode: vi.fn() }));
const moderation = vi.hoisted(() => ({ listMyBlocks: vi.fn() }));
vi.mock("@/data/moderation", () => moderation);
vi.mock("@/data/tokens", () => ({ purchaseTokens: vi.fn(), getTokenBalance: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

const NOW = new Date();

function request(id: string, status: RequestStatus, productName = `Prodotto ${id}`): Request {
  return {
    id,
    customerId: "buyer-1",
    productName,
    description: "",
    category: "generale",
    budget: { min: 50, max: 100 },
    urgency: "giorni",
    deliveryPreference: "both",
    actionRadius: 10,
    location: { lat: 45.46, lng: 9.19, address: "Milano", geohash: "u0nd9hdfv" },
    gh3: "u0n",
    gh4: "u0nd",
    gh5: "u0nd9",
    productDetails: {},
    status,
    aiGenerated: true,
    imageAnalyzed: false,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

function offer(id: string, requestId: string, price: number, merchantName: string): Offer {
  return {
    id,
    requestId,
    merchantId: `m-${id}`,
    customerId: "buyer-1",
    merchantName,
    price,
    description: "Disponibile",
    deliveryOptions: ["pickup"],
    status: "pending",
    aiGenerated: false,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

function session(): SessionValue {
  return {
    loading: false,
    user: { uid: "buyer-1", email: "anna@example.com", emailVerified: true, providerIds: ["password"] },
    userData: {
      id: "buyer-1",
      uid: "buyer-1",
      email: "anna@example.com",
      displayName: "Anna Neri",
      firstName: "Anna",
      userType: "customer",
      isFallback: false,
      aiTokens: 2,
      lastTokenReset: NOW,
    },
    homePath: "/customer",
    signOut: vi.fn(),
    start: vi.fn(),
  } as unknown as SessionValue;
}

function renderPage(page: ReactNode) {
  const user = setupUser();
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>{page}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { user, client };
}

const requests = [
  request("r1", "active", "Bici da città"),
  request("r2", "in_progress"),
  request("r3", "completed"),
  request("r4", "active"),
  request("r5", "cancelled"),
];
const offers = [
  offer("o1", "r1", 180, "Cicli Rossi"),
  offer("o2", "r1", 150, "Bici Bianchi"),
  offer("o3", "r1", 210, "Sport Verdi"),
  offer("o4", "r2", 90, "Negozio Blu"),
];

/** The live listener of the buyer's offers, as the dashboards start it. */

beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(session());
  vi.mocked(listCustomerRequests).mockReset().mockResolvedValue(requests);
  vi.mocked(listCustomerOffers).mockReset().mockResolvedValue(offers);
  vi.mocked(countCustomerRequests).mockReset();
  vi.mocked(countCustomerOffers).mockReset();
  moderation.listMyBlocks.mockReset().mockResolvedValue([]);
  vi.mocked(closeRequest).mockReset().mockResolvedValue({ requestId: "r1", status: "cancelled" });
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

/** `count` requests, newest first, one minute apart (the buyer's live list when it comes back full). */
const manyRequests = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => ({
    ...request(`old${from + index}`, "expired"),
    createdAt: new Date(NOW.getTime() - (from + index) * 60_000),
  }));

const stat = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;

describe("/customer", () => {
  it("greets the buyer and shows the stats of their requests and offers", async () => {
    renderPage(<CustomerDashboardPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Area acquirente" })).toBeInTheDocument();
    expect(screen.getByText("Ciao, Anna!")).toBeInTheDocument();
    await screen.findByText("Richieste attive", { selector: "dt" });
    expect(stat("Richieste attive")).toBe("2");
    expect(stat("Offerte ricevute")).toBe("4");
    expect(stat("Trattative")).toBe("1");
    expect(stat("Completate")).toBe("1");
    expect(listCustomerRequests).toHaveBeenCalledWith("buyer-1", expect.any(Number));
    expect(listCustomerOffers).toHaveBeenCalledWith("buyer-1", expect.any(Number));
    expect(screen.getByRole("link", { name: "Parla con Algo" })).toHaveAttribute("href", "/create");
    expect(screen.getByRole("button", { name: "Acquista token" })).toBeInTheDocument();
  });

  it("lists the first 4 requests with at most 2 offers each, and links to all of them", async () => {
    renderPage(<CustomerDashboardPage />);
    await screen.findByRole("heading", { name: "Bici da città" });
    expect(screen.getAllByRole("article")).toHaveLength(4);
    const bike = screen.getByRole("list", { name: "Offerte per Bici da città" });
    expect(within(bike).getAllByRole("listitem")).toHaveLength(2);
    expect(bike).toHaveTextContent("Cicli Rossi");
    expect(bike).toHaveTextContent("In attesa");
    expect(screen.getByRole("article", { name: "Bici da città" })).toHaveTextContent("3 offerte");
    expect(screen.getByRole("link", { name: /Vedi tutte le richieste/ })).toHaveAttribute(
      "href",
      "/requests",
    );
  });

  it("counts an offer that arrives while the dashboard is open, without a reload", async () => {
    const { client } = renderPage(<CustomerDashboardPage />);
    await screen.findByText("Richieste attive", { selector: "dt" });
    expect(stat("Offerte ricevute")).toBe("4");
    // The header's unread counts (src/lib/news.ts): the first snapshot, then a new offer in it.
    await tellNews(client, "buyer-1", { conversations: {} });
    vi.mocked(listCustomerOffers).mockResolvedValue([offer("o9", "r4", 70, "Ferramenta Gialli"), ...offers]);
    vi.mocked(listCustomerRequests).mockResolvedValue([
      { ...request("r4", "active"), offerCount: 1 },
      ...requests.filter((item) => item.id !== "r4"),
    ]);
    await tellNews(client, "buyer-1", { conversations: { o9: { messages: 0, offer: true, counted: [] } } });
    await vi.waitFor(() => expect(stat("Offerte ricevute")).toBe("5"));
    expect(screen.getByRole("article", { name: "Prodotto r4" })).toHaveTextContent("1 offerta");
    // A message alone reads nothing again.
    const reads = vi.mocked(listCustomerOffers).mock.calls.length;
    await tellNews(client, "buyer-1", {
      conversations: { o9: { messages: 1, offer: true, counted: ["m1"] } },
    });
    expect(vi.mocked(listCustomerOffers).mock.calls.length).toBe(reads);
  });

  it("counts a request's offers from the request, not from the newest offers read", async () => {
    // r4's offers are older than the newest list: the request itself says it had three.
    vi.mocked(listCustomerRequests).mockResolvedValue([
      { ...request("r4", "active"), offerCount: 3 },
      ...requests.slice(0, 3),
    ]);
    renderPage(<CustomerDashboardPage />);
    const card = await screen.findByRole("article", { name: "Prodotto r4" });
    expect(card).toHaveTextContent("3 offerte");
    expect(within(card).getByRole("link", { name: "Confronta le offerte per Prodotto r4" })).toHaveAttribute(
      "href",
      "/requests/r4",
    );
  });

  it("counts on the server once a list is full, and says 50+ where the count stops", async () => {
    vi.mocked(listCustomerRequests).mockResolvedValue(manyRequests(50));
    vi.mocked(countCustomerRequests).mockImplementation(async (_uid, status) =>
      status === "active" ? 2 : status === "completed" ? 50 : 0,
    );
    const { client } = renderPage(<CustomerDashboardPage />);
    await waitFor(() => expect(stat("Completate")).toBe("50+"));
    expect(stat("Richieste attive")).toBe("2");
    expect(stat("Trattative")).toBe("0");
    // Four offers: that list is not full, so it is the count, and no offer count is read.
    expect(stat("Offerte ricevute")).toBe("4");
    expect(countCustomerOffers).not.toHaveBeenCalled();
    expect(countCustomerRequests).toHaveBeenCalledWith("buyer-1", "in_progress");
    expect(screen.getByRole("link", { name: "Vedi tutte le richieste (50+)" })).toBeInTheDocument();
    // The counts are not live: the lists read again on news have them counted again.
    vi.mocked(countCustomerRequests).mockImplementation(async (_uid, status) =>
      status === "active" ? 3 : status === "completed" ? 50 : 0,
    );
    vi.mocked(listCustomerOffers).mockResolvedValue([
      offer("o9", "old0", 70, "Ferramenta Gialli"),
      ...offers,
    ]);
    await tellNews(client, "buyer-1", { conversations: {}, notifications: 0 });
    await tellNews(client, "buyer-1", { conversations: {}, notifications: 1 });
    await waitFor(() => expect(stat("Richieste attive")).toBe("3"));
  });

  it("reads no count while the lists hold everything", async () => {
    renderPage(<CustomerDashboardPage />);
    await screen.findByText("Richieste attive", { selector: "dt" });
    expect(countCustomerRequests).not.toHaveBeenCalled();
    expect(countCustomerOffers).not.toHaveBeenCalled();
  });

  it("welcomes a first-time buyer with one call to action instead of stats at zero", async () => {
    vi.mocked(listCustomerRequests).mockResolvedValue([]);
    vi.mocked(listCustomerOffers).mockResolvedValue([]);
    renderPage(<CustomerDashboardPage />);
    const welcome = await screen.findByRole("region", { name: "Di cosa hai bisogno?" });
    expect(within(welcome).getByRole("link", { name: "Parla con Algo" })).toHaveAttribute("href", "/create");
    // The same action is offered once: no second 'Parla con Algo', no 'Nuova richiesta', no tiles at 0.
    expect(screen.getAllByRole("link", { name: /Parla con Algo|Nuova richiesta/ })).toHaveLength(1);
    expect(screen.queryByText("Richieste attive", { selector: "dt" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Vedi tutte le richieste/ })).toBeNull();
    expect(within(welcome).getAllByRole("listitem")).toHaveLength(3);
  });

  it("shows the error state when the requests cannot be read", async () => {
    vi.mocked(listCustomerRequests).mockRejectedValue(new Error("offline"));
    renderPage(<CustomerDashboardPage />);
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_MESSAGES.loadRequests);
  });
});

describe("/requests", () => {
  it("lists every request with its status and closes an active one after confirmation", async () => {
    const { user } = renderPage(<CustomerRequestsPage />);
    await screen.findByRole("heading", { name: "Bici da città" });
    expect(screen.getAllByRole("article")).toHaveLength(5);
    expect(screen.getByRole("article", { name: "Prodotto r5" })).toHaveTextContent("Annullata");
    // Only the two active requests can be closed; the one in progress offers 'Annulla l'accordo'.
    expect(screen.getAllByRole("button", { name: /Chiudi la richiesta/ })).toHaveLength(2);
    expect(screen.getAllByRole("button", { name: /Annulla l'accordo/ })).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Chiudi la richiesta «Bici da città»" }));
    const dialog = screen.getByRole("dialog", { name: REQUEST_LIFE_MESSAGES.closeTitle });
    expect(dialog).toHaveTextContent(REQUEST_LIFE_MESSAGES.closeBody);
    await user.type(within(dialog).getByLabelText(REQUEST_LIFE_MESSAGES.closeReasonLabel), "Trovata");
    await user.click(within(dialog).getByRole("button", { name: REQUEST_LIFE_MESSAGES.closeConfirm }));
    await findToast(REQUEST_LIFE_MESSAGES.closed);
    expect(closeRequest).toHaveBeenCalledWith({ requestId: "r1", reason: "Trovata" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("makes each offer actionable where it is shown: a link to the chat, Accetta / Rifiuta with a confirmation", async () => {
    vi.mocked(acceptOffer).mockResolvedValue({ requestId: "r1", offerId: "o2" });
    const { user } = renderPage(<CustomerRequestsPage />);
    const bike = await screen.findByRole("list", { name: "Offerte per Bici da città" });
    expect(within(bike).getByRole("link", { name: /Cicli Rossi: apri la conversazione/ })).toHaveAttribute(
      "href",
      "/messages/o1",
    );
    // Three pending offers on an active request: each can be decided here; the in_progress one cannot.
    expect(within(bike).getAllByRole("button", { name: /^Accetta l'offerta di/ })).toHaveLength(3);
    const blue = screen.getByRole("list", { name: "Offerte per Prodotto r2" });
    expect(within(blue).queryByRole("button", { name: /Accetta/ })).toBeNull();
    await user.click(within(bike).getByRole("button", { name: "Accetta l'offerta di Bici Bianchi" }));
    const dialog = screen.getByRole("dialog", { name: /Accettare l'offerta di Bici Bianchi a 150/ });
    // The hold the deal binds is shown first: where to collect it.
    expect(await within(dialog).findByText("Via Roma 5, Milano")).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Sì, accetta l'offerta" }));
    expect(acceptOffer).toHaveBeenCalledWith({
      offerId: "o2",
      terms: {
        price: 150,
        description: "Disponibile",
        deliveryOptions: ["pickup"],
        hold: holdFingerprint({ address: "Via Roma 5, Milano" }),
      },
    });
  });

  it("keeps the deal's pickup code on the device from acceptance and shows it on the request's card", async () => {
    localStorage.clear();
    const dealClosesAt = new Date(NOW.getTime() + 14 * 24 * 60 * 60_000);
    vi.mocked(listCustomerRequests).mockResolvedValue([
      { ...request("r2", "in_progress", "Trapano"), acceptedOfferId: "o4" },
    ]);
    vi.mocked(listCustomerOffers).mockResolvedValue([
      { ...offer("o4", "r2", 90, "Negozio Blu"), status: "accepted", dealClosesAt },
    ]);
    vi.mocked(fetchPickupCode).mockResolvedValue({ offerId: "o4", code: "ACDEFG" } as never);
    const { user } = renderPage(<CustomerRequestsPage />);
    await screen.findByRole("button", { name: "Mostra il codice di ritiro" });
    // Kept before it is ever opened: the till works with the network off.
    await waitFor(() => expect(readPickupCode("buyer-1", "o4")).toBe("ACDEFG"));
    vi.mocked(fetchPickupCode).mockRejectedValue(new Error("offline"));
    const show = screen.getByRole("button", { name: "Mostra il codice di ritiro" });
    await waitFor(() => expect(show).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Mostra il codice di ritiro" }));
    expect(await screen.findByTestId("pickup-code")).toHaveTextContent("ACDEFG");
    expect(fetchPickupCode).toHaveBeenCalledTimes(1);
  });

  it("a verified sale: 'Acquisto verificato' and the rating on the same card, no 'Annulla l'accordo'", async () => {
    vi.mocked(listCustomerRequests).mockResolvedValue([
      { ...request("r2", "completed", "Trapano"), acceptedOfferId: "o4", completedOfferId: "o4" },
    ]);
    vi.mocked(listCustomerOffers).mockResolvedValue([
      { ...offer("o4", "r2", 90, "Negozio Blu"), status: "accepted", verifiedPurchaseAt: NOW },
    ]);
    vi.mocked(completeTransaction).mockResolvedValue({
      requestId: "r2",
      merchantAverageRating: 5,
      ratingCounted: true,
    });
    const { user } = renderPage(<CustomerRequestsPage />);
    const card = await screen.findByRole("article", { name: "Trapano" });
    expect(await within(card).findByText(/Acquisto verificato/)).toBeVisible();
    // The request's badge and the offer's both say it.
    expect(within(card).getAllByText("Completata")).toHaveLength(2);
    expect(within(card).queryByRole("button", { name: /Annulla l'accordo/ })).toBeNull();
    await user.click(await within(card).findByRole("radio", { name: "5 stelle: Eccellente!" }));
    await user.click(within(card).getByRole("button", { name: "Invia la valutazione e completa" }));
    expect(completeTransaction).toHaveBeenCalledWith({ requestId: "r2", rating: 5 });
  });

  it("leaves out the offers of a shop the buyer blocked", async () => {
    moderation.listMyBlocks.mockResolvedValue([{ blockerId: "buyer-1", blockedId: "m-o1" }]);
    renderPage(<CustomerRequestsPage />);
    const bike = await screen.findByRole("list", { name: "Offerte per Bici da città" });
    await waitFor(() =>
      expect(within(bike).queryByRole("link", { name: /Cicli Rossi: apri la conversazione/ })).toBeNull(),
    );
    expect(within(bike).getByRole("link", { name: /Bici Bianchi: apri la conversazione/ })).toBeVisible();
    expect(moderation.listMyBlocks).toHaveBeenCalledWith("buyer-1");
  });

  it("shows older requests a page at a time after the newest 50, until a page comes back short", async () => {
    const newest = manyRequests(50);
    vi.mocked(listCustomerRequests).mockImplementation(async (_uid, _max, after) =>
      after ? manyRequests(2, 50) : newest,
    );
    const { user } = renderPage(<CustomerRequestsPage />);
    // By text, not by role: naming every heading of 50 cards takes jsdom seconds on busy cores.
    await screen.findByText("Prodotto old0");
    expect(screen.getAllByRole("article")).toHaveLength(50);
    await user.click(screen.getByRole("button", { name: "Mostra richieste precedenti" }));
    await screen.findByText("Prodotto old51");
    expect(screen.getAllByRole("article")).toHaveLength(52);
    expect(listCustomerRequests).toHaveBeenLastCalledWith("buyer-1", 50, {
      createdAt: newest[49]?.createdAt,
      id: "old49",
    });
    // A short page is the last one.
    expect(screen.queryByRole("button", { name: "Mostra richieste precedenti" })).toBeNull();
  });

  it("offers no older page when the newest list is not full", async () => {
    renderPage(<CustomerRequestsPage />);
    await screen.findByRole("heading", { name: "Bici da città" });
    expect(screen.queryByRole("button", { name: "Mostra richieste precedenti" })).toBeNull();
  });

  it("does nothing when the buyer keeps the request", async () => {
    const { user } = renderPage(<CustomerRequestsPage />);
    await user.click(await screen.findByRole("button", { name: "Chiudi la richiesta «Bici da città»" }));
    await user.click(screen.getByRole("button", { name: REQUEST_LIFE_MESSAGES.keep }));
    expect(closeRequest).not.toHaveBeenCalled();
  });
});

describe("the buyer pages' static frames", () => {
  it("have the outline of their page while its data loads, so nothing moves when the page replaces them", async () => {
    const { CustomerDashboardShell, CustomerRequestsShell } = await import("./components/customer-shell");
    vi.mocked(listCustomerRequests).mockReturnValue(new Promise(() => {}));
    vi.mocked(listCustomerOffers).mockReturnValue(new Promise(() => {}));
    for (const [shell, page] of [
      [<CustomerDashboardShell key="shell" />, <CustomerDashboardPage key="page" />],
      [<CustomerRequestsShell key="shell" />, <CustomerRequestsPage key="page" />],
    ] as const) {
      const frame = render(<MemoryRouter>{shell}</MemoryRouter>);
      const frameOutline = outline(frame.container.querySelector("section") as Element);
      expect(frame.container.querySelector("section")).toHaveAttribute("inert");
      frame.unmount();
      renderPage(page);
      const pageOutline = outline(document.querySelector("section") as Element);
      expect(pageOutline).toEqual(frameOutline);
      // The lead, the frame's largest text, is painted by both.
      expect(pageOutline.some((line) => line.startsWith("P text-slate-700 ") && line.length > 100)).toBe(
        true,
      );
      document.body.innerHTML = "";
    }
  });
});
