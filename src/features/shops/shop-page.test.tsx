import { cleanup, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getPublicProfile } from "@/data/profiles";
import { answerReview, listShopReviews } from "@/data/shop-page";
import { getResponseStats } from "@/data/shop-stats";
import type { Review } from "@/domain/people/review-answer";
import type { PublicProfile } from "@/domain/people/user";
import { type SessionValue, useSession } from "@/lib/session/session-provider";
import { renderPage } from "@/testing/render-page";
import { ShopPage } from "./shop-page";

vi.mock("@/data/profiles", () => ({ getPublicProfile: vi.fn() }));
vi.mock("@/data/shop-page", () => ({ listShopReviews: vi.fn(), answerReview: vi.fn() }));
vi.mock("@/data/shop-stats", () => ({ getResponseStats: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

const navigli: PublicProfile = {
  uid: "shop-navigli",
  displayName: "Marco Bianchi",
  businessName: "Elettronica Navigli",
  userType: "merchant",
  averageRating: 4.25,
  totalRatings: 4,
  zone: "Milano",
  location: { lat: 45.45, lng: 9.17 },
  shop: {
    address: "Ripa di Porta Ticinese 41, Milano",
    categories: ["elettronica", "casa"],
    phone: "02 1234567",
    openingHours: "Lun-Ven 9-19\nSab 9-13",
  },
};

const reviews: Review[] = [
  {
    id: "req-2",
    rating: 4,
    comment: "Consegna puntuale",
    buyerFirstName: "Giulia",
    createdAt: new Date("2026-11-20T10:00:00Z"),
    verifiedPurchase: true,
  },
  { id: "req-1", rating: 5, buyerFirstName: "Luca", createdAt: new Date("2026-10-02T10:00:00Z") },
];

function signedInAs(uid: string) {
  vi.mocked(useSession).mockReturnValue({
    loading: false,
    user: { uid, email: `${uid}@example.com` },
    userData: { uid, userType: "customer", displayName: "Giulia Rossi", isFallback: false },
  } as unknown as SessionValue);
}

beforeEach(() => {
  signedInAs("buyer-1");
  vi.mocked(getPublicProfile).mockReset().mockResolvedValue(navigli);
  vi.mocked(listShopReviews).mockReset().mockResolvedValue(reviews);
  vi.mocked(answerReview).mockReset().mockResolvedValue(undefined);
  vi.mocked(getResponseStats).mockReset().mockResolvedValue(null);
});

describe("the shop's response time", () => {
  it("says 'Di solito risponde entro un'ora' from the shop's coarse bucket, nothing without one", async () => {
    vi.mocked(getResponseStats).mockResolvedValue({ responseBucket: "1h" });
    open();
    expect(await screen.findByText("Di solito risponde entro un'ora")).toBeInTheDocument();
    expect(getResponseStats).toHaveBeenCalledWith("shopStats", "shop-navigli");
    cleanup();
    vi.mocked(getResponseStats).mockResolvedValue({ responseBucket: null });
    open("shop-2");
    await screen.findByRole("heading", { name: "Elettronica Navigli" });
    expect(screen.queryByText(/Di solito risponde/)).toBeNull();
  });
});

const open = (id = "shop-navigli") =>
  renderPage(<ShopPage />, { path: `/negozi/${id}`, pattern: "/negozi/:shopId" });

const detail = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;

describe("/negozi/:shopId", () => {
  it("shows the shop's name, address, phone, hours, categories and rating with its count", async () => {
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "Elettronica Navigli" })).toBeInTheDocument();
    expect(getPublicProfile).toHaveBeenCalledWith("shop-navigli");
    expect(detail("Indirizzo")).toHaveTextContent("Ripa di Porta Ticinese 41, Milano");
    expect(screen.getByRole("link", { name: "02 1234567" })).toHaveAttribute("href", "tel:021234567");
    expect(detail("Orari")).toHaveTextContent("Lun-Ven 9-19");
    expect(detail("Orari")).toHaveTextContent("Sab 9-13");
    const categories = within(detail("Categorie") as HTMLElement).getAllByRole("listitem");
    expect(categories.map((item) => item.textContent)).toEqual(["Elettronica", "Casa"]);
    expect(screen.getByText(/su 5 · 4 valutazioni/)).toHaveTextContent("4,3 su 5 · 4 valutazioni");
    expect(screen.queryByRole("link", { name: "Modifica i dati" })).not.toBeInTheDocument();
  });

  it("reads days and times at a glance in Rome's time: open now and until when, the week, the notes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Tuesday 24 November 2026, 19:00 in Rome (UTC+1).
      vi.setSystemTime(new Date("2026-11-24T18:00:00Z"));
      const afternoon = { open: "15:00", close: "19:30" };
      vi.mocked(getPublicProfile).mockResolvedValue({
        ...navigli,
        shop: {
          categories: ["elettronica"],
          openingHours: "Chiuso a Ferragosto",
          weeklyHours: {
            mon: [afternoon],
            tue: [{ open: "09:30", close: "13:00" }, afternoon],
            sat: [{ open: "09:30", close: "19:30" }],
          },
        },
      });
      open();
      await screen.findByRole("heading", { level: 1, name: "Elettronica Navigli" });
      const hours = detail("Orari") as HTMLElement;
      expect(hours).toHaveTextContent("Aperto ora · Chiude alle 19:30");
      const week = within(hours).getByRole("table", { name: "Orari di apertura" });
      const rows = within(week)
        .getAllByRole("row")
        .map((row) => row.textContent);
      expect(rows).toEqual([
        "Lunedì15:00–19:30",
        "Martedì (oggi)9:30–13:00, 15:00–19:30",
        "MercoledìChiuso",
        "GiovedìChiuso",
        "VenerdìChiuso",
        "Sabato9:30–19:30",
        "DomenicaChiuso",
      ]);
      expect(hours).toHaveTextContent("Note sugli orari: Chiuso a Ferragosto");

      // At 19:45 it has closed, and opens again on Saturday.
      cleanup();
      vi.setSystemTime(new Date("2026-11-24T18:45:00Z"));
      open();
      await screen.findByRole("heading", { level: 1, name: "Elettronica Navigli" });
      expect(detail("Orari")).toHaveTextContent("Chiuso ora · Apre sabato alle 9:30");
    } finally {
      vi.useRealTimers();
    }
  });

  it("lists the latest reviews with stars, comment, date and the buyer's first name", async () => {
    open();
    const list = await screen.findByRole("list", { name: "Recensioni" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("4/5, Molto buono");
    expect(items[0]).toHaveTextContent("«Consegna puntuale»");
    expect(items[0]).toHaveTextContent("Giulia · 20 novembre 2026");
    expect(items[1]).toHaveTextContent("5/5, Eccellente!");
    expect(items[1]).toHaveTextContent("Luca · 2 ottobre 2026");
    expect(listShopReviews).toHaveBeenCalledWith("shop-navigli", 10);
  });

  it("marks a verified purchase's review 'Acquisto verificato' and says how each kind of rating weighs", async () => {
    open();
    const items = within(await screen.findByRole("list", { name: "Recensioni" })).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Acquisto verificato");
    expect(items[1]).not.toHaveTextContent("Acquisto verificato");
    expect(screen.getByText(/al massimo una volta ogni 30 giorni per lo stesso negozio/)).toBeInTheDocument();
  });

  it("links 'Come verifichiamo le recensioni' beside the reviews, with reviews or none", async () => {
    open();
    await screen.findByRole("list", { name: "Recensioni" });
    expect(screen.getByRole("link", { name: "Come verifichiamo le recensioni" })).toHaveAttribute(
      "href",
      "/regole/recensioni",
    );
    cleanup();
    vi.mocked(listShopReviews).mockResolvedValue([]);
    open();
    await screen.findByText("Ancora nessuna recensione");
    expect(screen.getByRole("link", { name: "Come verifichiamo le recensioni" })).toBeInTheDocument();
  });

  it("says what is missing: no reviews, no ratings, no phone, no hours", async () => {
    vi.mocked(getPublicProfile).mockResolvedValue({
      ...navigli,
      averageRating: 0,
      totalRatings: 0,
      shop: { address: "Via Roma 1, Milano", categories: ["casa"] },
    });
    vi.mocked(listShopReviews).mockResolvedValue([]);
    open();
    expect(await screen.findByText("Ancora nessuna recensione")).toBeInTheDocument();
    expect(screen.getByText("Nessuna valutazione")).toBeInTheDocument();
    expect(detail("Telefono")).toHaveTextContent("Telefono non indicato");
    expect(detail("Orari")).toHaveTextContent("Orari non indicati");
  });

  it("shows 'Negozio non trovato' for a missing profile, a buyer's, or a deleted shop", async () => {
    vi.mocked(getPublicProfile).mockResolvedValue(null);
    const first = open("nobody");
    expect(await screen.findByRole("heading", { level: 1, name: "Negozio non trovato" })).toBeInTheDocument();
    first.unmount();

    vi.mocked(getPublicProfile).mockResolvedValue({ ...navigli, userType: "customer", shop: undefined });
    const second = open("buyer-2");
    expect(await screen.findByRole("heading", { level: 1, name: "Negozio non trovato" })).toBeInTheDocument();
    second.unmount();

    vi.mocked(getPublicProfile).mockResolvedValue({ ...navigli, deleted: true });
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "Negozio non trovato" })).toBeInTheDocument();
    expect(listShopReviews).not.toHaveBeenCalled();
  });

  it("shows a loading state, then an error with a retry when the shop cannot be read", async () => {
    vi.mocked(getPublicProfile).mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(navigli);
    const { user } = open();
    expect(screen.getByText("Caricamento del negozio…")).toBeInTheDocument();
    const alert = await screen.findByText("Impossibile caricare la pagina del negozio. Riprova.");
    await user.click(
      within(alert.closest("[role=alert]") as HTMLElement).getByRole("button", { name: "Riprova" }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Elettronica Navigli" })).toBeInTheDocument();
  });

  it("lets the shop itself go and edit its data", async () => {
    signedInAs("shop-navigli");
    open();
    expect(await screen.findByRole("link", { name: "Modifica i dati" })).toHaveAttribute("href", "/profile");
  });

  it("shows the shop's answer under its review, and 'Non più conteggiata' on a review past its 24 months", async () => {
    const at = new Date("2026-11-21T10:00:00Z");
    vi.mocked(listShopReviews).mockResolvedValue([
      { ...(reviews[0] as Review), answer: { text: "Grazie Giulia!", createdAt: at, updatedAt: at } },
      { ...(reviews[1] as Review), countsUntil: new Date("2026-10-02T10:00:00Z") },
    ]);
    open();
    const items = within(await screen.findByRole("list", { name: "Recensioni" })).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Risposta del negozioGrazie Giulia!");
    expect(items[0]).not.toHaveTextContent("Non più conteggiata");
    expect(items[1]).toHaveTextContent("Non più conteggiata");
    // A buyer reports, never answers.
    expect(within(items[0] as HTMLElement).getByRole("button", { name: /Segnala recensione/ })).toBeVisible();
    expect(screen.queryByRole("button", { name: /^Rispondi/ })).not.toBeInTheDocument();
  });

  it("the shop answers a review once from its page, with an Italian message for an empty answer", async () => {
    signedInAs("shop-navigli");
    const { user } = open();
    const items = within(await screen.findByRole("list", { name: "Recensioni" })).getAllByRole("listitem");
    expect(screen.queryByRole("button", { name: /Segnala recensione/ })).not.toBeInTheDocument();
    await user.click(within(items[0] as HTMLElement).getByRole("button", { name: /^Rispondi/ }));
    await user.click(screen.getByRole("button", { name: "Pubblica la risposta" }));
    expect(await screen.findByText("Scrivi la risposta")).toBeInTheDocument();
    expect(answerReview).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/La tua risposta/), "Grazie, a presto!");
    await user.click(screen.getByRole("button", { name: "Pubblica la risposta" }));
    await vi.waitFor(() =>
      expect(answerReview).toHaveBeenCalledWith({
        shopId: "shop-navigli",
        reviewId: "req-2",
        text: "Grazie, a presto!",
        first: true,
      }),
    );
  });

  it("after 48 hours the shop's answer stays as it is: no edit button", async () => {
    signedInAs("shop-navigli");
    const at = new Date(Date.now() - 49 * 60 * 60 * 1000);
    vi.mocked(listShopReviews).mockResolvedValue([
      { ...(reviews[0] as Review), answer: { text: "Grazie", createdAt: at, updatedAt: at } },
    ]);
    open();
    await screen.findByText("Grazie");
    expect(screen.queryByRole("button", { name: /Modifica la risposta/ })).not.toBeInTheDocument();
  });
});
