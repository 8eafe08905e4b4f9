import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { listCatalogue } from "@/data/catalogue";
import { listMyBlocks, reportContent } from "@/data/moderation";
import { listMerchantOffersOn } from "@/data/offers";
import { fetchNearbyRequests, type NearbyRequestsCursor } from "@/data/requests";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { DEFAULT_MERCHANT_LOCATION } from "@/domain/core/limits";
import { PAGE_LEADS } from "@/domain/core/page-leads";
import { MERCHANT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { useSession } from "@/lib/session/session-provider";
import { aNearbyRequest, anOffer, merchantSession } from "@/testing/marketplace-fixtures";
import { outline } from "@/testing/outline";
import { renderPage } from "@/testing/render-page";
import { BrowsePage } from "./browse-page";

vi.mock("@/data/requests", () => ({ fetchNearbyRequests: vi.fn() }));
vi.mock("@/data/offers", () => ({ listMerchantOffersOn: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));
vi.mock("@/data/moderation", () => ({ listMyBlocks: vi.fn(), reportContent: vi.fn() }));
vi.mock("@/data/catalogue", () => ({ listCatalogue: vi.fn() }));

// Page tests click and type through whole flows: a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

const NEXT = { last: { id: "x" } } as unknown as NearbyRequestsCursor;
const page = (
  items: ReturnType<typeof aNearbyRequest>[],
  nextCursor: NearbyRequestsCursor | null = null,
) => ({
  items,
  nextCursor,
  reads: items.length,
  queries: 1,
  indexEntries: 0,
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(useSession).mockReturnValue(merchantSession());
  vi.mocked(fetchNearbyRequests).mockResolvedValue(page([]));
  vi.mocked(listMerchantOffersOn).mockResolvedValue(new Map());
  vi.mocked(listMyBlocks).mockResolvedValue([]);
  vi.mocked(reportContent).mockResolvedValue({ reportId: "r1" });
  vi.mocked(listCatalogue).mockResolvedValue([]);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("/browse: report and block", () => {
  it("leaves out the requests of a buyer the shop blocked", async () => {
    vi.mocked(listMyBlocks).mockResolvedValue([
      { blockerId: "shop-1", blockedId: "molesto", blockedName: "Molesto", createdAt: new Date() },
    ]);
    vi.mocked(fetchNearbyRequests).mockResolvedValue(
      page([
        aNearbyRequest(),
        aNearbyRequest({ id: "req-2", productName: "Chitarra classica", customerId: "molesto" }),
      ]),
    );
    renderPage(<BrowsePage />, { path: "/browse" });
    await screen.findByRole("link", { name: /Fai un'offerta per Cuffie/ });
    await waitFor(() => expect(screen.queryByRole("link", { name: /Chitarra classica/ })).toBeNull());
  });

  it("'Segnala' on a card reports the request", async () => {
    vi.mocked(fetchNearbyRequests).mockResolvedValue(page([aNearbyRequest()]));
    const { user } = renderPage(<BrowsePage />, { path: "/browse" });
    await user.click(await screen.findByRole("button", { name: /^Segnala la richiesta Cuffie/ }));
    const dialog = await screen.findByRole("dialog", { name: /Segnala la richiesta/ });
    expect(within(dialog).queryByRole("radio", { name: "La richiesta" })).toBeNull();
    await user.click(within(dialog).getByRole("radio", { name: "Richiesta o offerta falsa" }));
    await user.click(within(dialog).getByRole("button", { name: "Invia segnalazione" }));
    await waitFor(() =>
      expect(reportContent).toHaveBeenCalledWith({ kind: "request", targetId: "req-1", reason: "fake" }),
    );
  });
});

describe("/browse: the shop's catalogue", () => {
  it("says 'Ce l'hai a …' where the catalogue has the product, linking to the offer form", async () => {
    vi.mocked(fetchNearbyRequests).mockResolvedValue(
      page([aNearbyRequest(), aNearbyRequest({ id: "req-2", productName: "Chitarra classica" })]),
    );
    vi.mocked(listCatalogue).mockResolvedValue([
      {
        id: "p00",
        name: "Cuffie wireless Sony",
        category: "elettronica",
        condition: "nuovo",
        price: 89,
        paused: false,
        updatedAt: new Date(),
      },
    ]);
    renderPage(<BrowsePage />, { path: "/browse" });
    const hit = await screen.findByRole("link", { name: /^Ce l'hai a 89,00.€ per Cuffie/ });
    expect(hit).toHaveAttribute("href", "/make-offer/req-1");
    expect(screen.queryByRole("link", { name: /^Ce l'hai a .* per Chitarra/ })).toBeNull();
  });
});

describe("/browse", () => {
  it("says 'Hai offerto 150 €' on a request the shop already answered, 'Fai un'offerta' elsewhere", async () => {
    vi.mocked(fetchNearbyRequests).mockResolvedValue(
      page([aNearbyRequest(), aNearbyRequest({ id: "req-2", productName: "Chitarra classica" })]),
    );
    vi.mocked(listMerchantOffersOn).mockResolvedValue(
      new Map([["req-1", anOffer({ requestId: "req-1", price: 150 })]]),
    );
    renderPage(<BrowsePage />, { path: "/browse" });
    const offered = await screen.findByRole("link", {
      name: /^Hai offerto 150.*€ per Cuffie.*vedi la tua offerta$/,
    });
    expect(offered).toHaveAttribute("href", "/make-offer/req-1");
    expect(screen.queryByRole("link", { name: /Fai un'offerta per Cuffie/ })).toBeNull();
    expect(screen.getByRole("link", { name: /Fai un'offerta per Chitarra classica/ })).toBeInTheDocument();
    expect(listMerchantOffersOn).toHaveBeenCalledWith("shop-1", ["req-1", "req-2"]);
    // The quick way to answer by voice (shown on a phone): only where the shop has not answered yet.
    expect(screen.getByRole("link", { name: "Rispondi a voce per Chitarra classica" })).toHaveAttribute(
      "href",
      "/make-offer/req-2?voce=1",
    );
    expect(screen.queryByRole("link", { name: /Rispondi a voce per Cuffie/ })).toBeNull();
  });

  it("says 'Offri di nuovo' where the shop's offer expired with the request and the buyer renewed it", async () => {
    vi.mocked(fetchNearbyRequests).mockResolvedValue(page([aNearbyRequest()]));
    vi.mocked(listMerchantOffersOn).mockResolvedValue(
      new Map([["req-1", anOffer({ requestId: "req-1", price: 150, status: "expired" })]]),
    );
    renderPage(<BrowsePage />, { path: "/browse" });
    const again = await screen.findByRole("link", {
      name: /^Offri di nuovo \(avevi offerto 150.*€\) per Cuffie/,
    });
    expect(again).toHaveAttribute("href", "/make-offer/req-1");
    expect(screen.queryByRole("link", { name: /^Hai offerto/ })).toBeNull();
  });

  it("shows the requests around the shop with budget, delivery, zone and radius, distance, condition and the AI badge", async () => {
    vi.mocked(fetchNearbyRequests).mockResolvedValue(
      page([
        aNearbyRequest({ aiGenerated: true, distanceKm: 2.44 }),
        aNearbyRequest({
          id: "req-2",
          productName: "Chitarra classica",
          category: "strumenti musicali",
          productDetails: {},
        }),
      ]),
    );
    renderPage(<BrowsePage />, { path: "/browse" });
    const cards = await screen.findAllByRole("article");
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole("heading", { name: /Cuffie wireless/ })).toBeInTheDocument();
    expect(first.getByText("da 80 a 150 €")).toBeInTheDocument();
    expect(first.getByText("Ritiro o consegna")).toBeInTheDocument();
    expect(first.getByText("Corso Buenos Aires 40, Milano · raggio 10 km")).toBeInTheDocument();
    expect(first.getByText("2,4 km da te")).toBeInTheDocument();
    expect(first.getByText("Ricondizionato")).toBeInTheDocument();
    expect(first.getByText("AI generata")).toBeInTheDocument();
    expect(first.getByRole("link", { name: /Fai un'offerta per Cuffie/ })).toHaveAttribute(
      "href",
      "/make-offer/req-1",
    );
    expect(within(cards[1]!).queryByText("AI generata")).toBeNull();
    expect(within(cards[1]!).getByText("Non indicata")).toBeInTheDocument();
    expect(fetchNearbyRequests).toHaveBeenCalledWith({
      center: { lat: 45.4517, lng: 9.1749, address: "Ripa di Porta Ticinese 41, Milano", isDefault: false },
      radiusKm: 10,
      // It opens on the shop's own categories (Elettronica), with 'Generale'.
      categories: ["elettronica", "generale"],
      urgency: undefined,
      pageSize: 20,
      cursor: null,
    });
    expect(screen.queryByText(MERCHANT_MESSAGES.locationNotSet)).toBeNull();
  });

  it("searches with the chosen category, urgency and radius when 'Cerca' is pressed", async () => {
    const { user, location } = renderPage(<BrowsePage />, { path: "/browse" });
    await screen.findByText(MERCHANT_MESSAGES.noRequestsFound);
    await user.selectOptions(screen.getByRole("combobox", { name: "Categoria" }), "Strumenti musicali");
    await user.selectOptions(screen.getByRole("combobox", { name: "Urgenza" }), "Subito");
    await user.selectOptions(screen.getByRole("combobox", { name: "Raggio" }), "50 km");
    expect(fetchNearbyRequests).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Cerca" }));
    await waitFor(() =>
      expect(fetchNearbyRequests).toHaveBeenLastCalledWith(
        expect.objectContaining({ radiusKm: 50, categories: ["strumenti musicali"], urgency: "subito" }),
      ),
    );
    expect(location.search).toBe("?categoria=strumenti+musicali&urgenza=subito&raggio=50");
    expect(screen.getByRole("combobox", { name: "Raggio" })).toHaveValue("50");
  });

  it("offers 'Generale', the publishing default, among the categories, and finds its requests", async () => {
    const { user, location } = renderPage(<BrowsePage />, { path: "/browse" });
    const category = await screen.findByRole("combobox", { name: "Categoria" });
    expect(
      within(category)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "Le tue categorie",
      "Tutte le categorie",
      "Elettronica",
      "Abbigliamento",
      "Casa",
      "Sport",
      "Automotive",
      "Strumenti musicali",
      "Generale",
    ]);
    await user.selectOptions(category, "Generale");
    await user.click(screen.getByRole("button", { name: "Cerca" }));
    await waitFor(() =>
      expect(fetchNearbyRequests).toHaveBeenLastCalledWith(
        expect.objectContaining({ categories: ["generale"] }),
      ),
    );
    expect(location.search).toBe("?categoria=generale&raggio=10");
    expect(screen.getByRole("combobox", { name: "Categoria" })).toHaveValue("generale");
  });

  it("opens on the shop's own categories, and shows every category with one tap", async () => {
    vi.mocked(useSession).mockReturnValue(merchantSession({ categories: ["elettronica", "casa"] }));
    const { user, location } = renderPage(<BrowsePage />, { path: "/browse" });
    await screen.findByText(MERCHANT_MESSAGES.noRequestsFound);
    expect(screen.getByRole("group", { name: "Categorie delle richieste" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Le tue categorie" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("Elettronica, Casa e Generale")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Categoria" })).toHaveValue("mine");
    expect(fetchNearbyRequests).toHaveBeenLastCalledWith(
      expect.objectContaining({ categories: ["elettronica", "casa", "generale"] }),
    );

    await user.click(screen.getByRole("button", { name: "Tutte le categorie" }));
    await waitFor(() =>
      expect(fetchNearbyRequests).toHaveBeenLastCalledWith(
        expect.objectContaining({ categories: undefined }),
      ),
    );
    expect(location.search).toBe("?categoria=tutte&raggio=10");
    expect(screen.getByRole("button", { name: "Tutte le categorie" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByRole("combobox", { name: "Categoria" })).toHaveValue("all");

    await user.click(screen.getByRole("button", { name: "Le tue categorie" }));
    await waitFor(() => expect(location.search).toBe("?raggio=10"));
  });

  it("writes product names with a capital letter", async () => {
    vi.mocked(fetchNearbyRequests).mockResolvedValue(
      page([aNearbyRequest({ productName: "bicicletta da città" })]),
    );
    renderPage(<BrowsePage />, { path: "/browse" });
    expect(await screen.findByRole("heading", { level: 2, name: "Bicicletta da città" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Fai un'offerta per Bicicletta da città" })).toBeInTheDocument();
  });

  it("links 'Come ordiniamo le richieste', which says what decides the feed's order", async () => {
    renderPage(<BrowsePage />, { path: "/browse" });
    expect(await screen.findByRole("link", { name: "Come ordiniamo le richieste" })).toHaveAttribute(
      "href",
      "/regole/ordinamento",
    );
  });

  it("offers every radius of the spec: 5, 10, 20, 50, 100 km", async () => {
    renderPage(<BrowsePage />, { path: "/browse?raggio=100", pattern: "/browse" });
    const radius = await screen.findByRole("combobox", { name: "Raggio" });
    expect(
      within(radius)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["5 km", "10 km", "20 km", "50 km", "100 km"]);
    expect(radius).toHaveValue("100");
  });

  it("loads more with 'Carica altre' until the feed ends", async () => {
    vi.mocked(fetchNearbyRequests)
      .mockResolvedValueOnce(page([aNearbyRequest()], NEXT))
      .mockResolvedValueOnce(page([aNearbyRequest({ id: "req-9", productName: "Trapano a percussione" })]));
    const { user } = renderPage(<BrowsePage />, { path: "/browse" });
    await screen.findByRole("heading", { name: /Cuffie wireless/ });
    await user.click(screen.getByRole("button", { name: "Carica altre" }));
    expect(await screen.findByRole("heading", { name: "Trapano a percussione" })).toBeInTheDocument();
    expect(fetchNearbyRequests).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: NEXT }));
    expect(screen.queryByRole("button", { name: "Carica altre" })).toBeNull();
  });

  it("centres on Milano and asks for the shop's position when the profile has none", async () => {
    vi.mocked(useSession).mockReturnValue(merchantSession({ location: null }));
    renderPage(<BrowsePage />, { path: "/browse" });
    const link = await screen.findByRole("link", { name: MERCHANT_MESSAGES.locationNotSet });
    expect(link).toHaveAttribute("href", "/profile");
    expect(fetchNearbyRequests).toHaveBeenCalledWith(
      expect.objectContaining({
        center: expect.objectContaining({ lat: DEFAULT_MERCHANT_LOCATION.lat, lng: 9.19 }),
      }),
    );
  });

  it("says 'Errore nel caricare le richieste' and retries", async () => {
    vi.mocked(fetchNearbyRequests).mockRejectedValueOnce(new Error("offline"));
    const { user } = renderPage(<BrowsePage />, { path: "/browse" });
    expect(
      await screen.findByText(ERROR_MESSAGES.loadRequests, { selector: "[role=alert] p" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Riprova" }));
    expect(await screen.findByText(MERCHANT_MESSAGES.noRequestsFound)).toBeInTheDocument();
  });
});

describe("/browse's static frame", () => {
  it("has the page's header (heading, lead, zone line), so nothing there moves when the page replaces it", async () => {
    const { render } = await import("@testing-library/react");
    const { MemoryRouter } = await import("react-router");
    const { BrowseShell } = await import("./components/browse-shell");
    const frame = render(
      <MemoryRouter>
        <BrowseShell />
      </MemoryRouter>,
    );
    const frameTop = outline(frame.container.querySelector("header") as Element);
    expect(frame.container.firstElementChild).toHaveAttribute("inert");
    frame.unmount();

    renderPage(<BrowsePage />, { path: "/browse" });
    expect(await screen.findByText(/^Entro 10 km da /)).toBeVisible();
    expect(outline(document.querySelector("header") as Element)).toEqual(frameTop);
    expect(frameTop.some((line) => line.includes(PAGE_LEADS.browse))).toBe(true);
  });
});
