import { screen, waitFor, within } from "@testing-library/react";
import { useSyncExternalStore } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createMagicLink } from "@/data/account";
import type { Listener } from "@/data/listen";
import { countMerchantOffers, listRecentMerchantOffers } from "@/data/offers";
import { fetchNearbyRequests } from "@/data/requests";
import { verifyShop } from "@/data/shops";
import { getTokenBalance } from "@/data/tokens";
import { type Subscription, trialSubscription } from "@/domain/billing/plans";
import { SHOP_VERIFICATION_MESSAGES } from "@/domain/people/shop-verification-messages";
import { useSession } from "@/lib/session/session-provider";
import { codedError } from "@/testing/fake-data";
import { aVerifiedShop, merchantSession } from "@/testing/marketplace-fixtures";
import { renderPage } from "@/testing/render-page";
import { findToast } from "@/testing/toasts";
import { MerchantDashboardPage } from "./merchant-dashboard-page";

vi.mock("@/data/requests", () => ({ fetchNearbyRequests: vi.fn() }));
vi.mock("@/data/offers", () => ({
  countMerchantOffers: vi.fn(),
  listRecentMerchantOffers: vi.fn(),
  // The verified dashboard's pickups of today, its month and its feed's offers: none yet.
  listHeldOffers: vi.fn(async () => []),
  getShopMonth: vi.fn(async () => ({ offers: 0, accepted: 0, verified: 0 })),
  listMerchantOffersOn: vi.fn(async () => new Map()),
}));
vi.mock("@/data/tokens", () => ({ purchaseTokens: vi.fn(), getTokenBalance: vi.fn() }));
vi.mock("@/data/shops", () => ({ verifyShop: vi.fn() }));
vi.mock("@/data/account", () => ({ createMagicLink: vi.fn() }));
// A shop that has just been verified is in its free month (the dashboard's plan card reads it).
vi.mock("@/data/subscriptions", () => ({
  getPlan: vi.fn(async () => trialSubscription("shop-1", new Date())),
  subscribePlan: vi.fn((_uid: string, listener: Listener<Subscription | null>) => {
    queueMicrotask(() => listener.next(trialSubscription("shop-1", new Date())));
    return () => undefined;
  }),
}));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

// Page tests click and type through whole flows: a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

const PARTITA_IVA = "04812310151";

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(useSession).mockReturnValue(merchantSession({ verified: false }));
  vi.mocked(fetchNearbyRequests).mockResolvedValue({
    items: [],
    nextCursor: null,
    reads: 0,
    queries: 0,
    indexEntries: 0,
  });
  vi.mocked(countMerchantOffers).mockResolvedValue(0);
  vi.mocked(listRecentMerchantOffers).mockResolvedValue([]);
  vi.mocked(verifyShop).mockResolvedValue({ status: "verified" });
  vi.mocked(createMagicLink).mockResolvedValue({ ok: true });
  vi.mocked(getTokenBalance).mockResolvedValue(3);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

async function openPanel() {
  const page = renderPage(<MerchantDashboardPage />, { path: "/merchant" });
  await screen.findByRole("heading", { level: 2, name: "Verifica il tuo negozio" });
  return page;
}

const field = (name: RegExp) => screen.getByRole("textbox", { name });

describe("/merchant for a shop not verified yet", () => {
  it("shows the header and the verification panel, and runs none of the dashboard's queries", async () => {
    await openPanel();
    expect(screen.getByRole("heading", { level: 1, name: "Ciao, Elettronica Navigli" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 3, name: "Conferma la tua e-mail" })).toBeVisible();
    expect(screen.getByText(/E-mail confermata/)).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Richieste vicino a te" })).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Scorciatoie" })).toBeNull();
    expect(fetchNearbyRequests).not.toHaveBeenCalled();
    expect(countMerchantOffers).not.toHaveBeenCalled();
    expect(listRecentMerchantOffers).not.toHaveBeenCalled();
  });

  it("prefills the business name and address from the users doc; Partita IVA is numeric, '11 cifre'", async () => {
    await openPanel();
    expect(field(/Nome del negozio/)).toHaveValue("Elettronica Navigli");
    expect(screen.getByRole("combobox", { name: /Indirizzo del negozio/ })).toHaveValue(
      "Ripa di Porta Ticinese 41, Milano",
    );
    const partitaIva = field(/Partita IVA/);
    expect(partitaIva).toHaveAttribute("inputmode", "numeric");
    expect(partitaIva).toHaveAccessibleDescription("11 cifre");
  });

  it("an unproved e-mail gets 'Mandami il link di conferma', which sends the magic link", async () => {
    vi.mocked(useSession).mockReturnValue(merchantSession({ verified: false, emailVerified: false }));
    const { user } = await openPanel();
    await user.click(screen.getByRole("button", { name: "Mandami il link di conferma" }));
    expect(
      await screen.findByText("Ti abbiamo mandato un link a negozio@example.com: aprilo per confermare."),
    ).toHaveAttribute("role", "status");
    expect(createMagicLink).toHaveBeenCalledWith({ email: "negozio@example.com", userType: "merchant" });
  });

  it("an invalid Partita IVA shows the Italian error on the field, and nothing is sent", async () => {
    const { user } = await openPanel();
    await user.type(field(/Partita IVA/), "04812310152");
    await user.click(screen.getByRole("checkbox", { name: "Elettronica" }));
    await user.click(screen.getByRole("button", { name: "Verifica il negozio" }));
    const partitaIva = field(/Partita IVA/);
    await waitFor(() => expect(partitaIva).toHaveAttribute("aria-invalid", "true"));
    expect(partitaIva).toHaveAccessibleDescription(
      `11 cifre ${SHOP_VERIFICATION_MESSAGES.partitaIvaInvalid}`,
    );
    expect(partitaIva).toHaveFocus();
    expect(verifyShop).not.toHaveBeenCalled();
  });

  it("asks for a name, a category and a chosen address when they are missing", async () => {
    vi.mocked(useSession).mockReturnValue(
      merchantSession({ verified: false, location: null, businessName: "" }),
    );
    const { user } = await openPanel();
    await user.click(screen.getByRole("button", { name: "Verifica il negozio" }));
    expect(await screen.findByText(SHOP_VERIFICATION_MESSAGES.businessNameRequired)).toBeVisible();
    expect(screen.getByText(SHOP_VERIFICATION_MESSAGES.partitaIvaInvalid)).toBeVisible();
    expect(screen.getByText(SHOP_VERIFICATION_MESSAGES.addressRequired)).toBeVisible();
    expect(screen.getByText(SHOP_VERIFICATION_MESSAGES.categoriesRequired)).toBeVisible();
    expect(field(/Nome del negozio/)).toHaveFocus();
    const categories = screen.getByRole("group", { name: /Categorie che vendi/ });
    expect(categories).toHaveAccessibleDescription(
      expect.stringContaining(SHOP_VERIFICATION_MESSAGES.categoriesRequired),
    );
    expect(verifyShop).not.toHaveBeenCalled();
  });

  it("sends the parsed input (address chosen from the list) and says the shop is verified", async () => {
    vi.mocked(useSession).mockReturnValue(merchantSession({ verified: false, location: null }));
    const { user } = await openPanel();
    await user.type(field(/Partita IVA/), `IT ${PARTITA_IVA}`);
    const address = screen.getByRole("combobox", { name: /Indirizzo del negozio/ });
    await user.type(address, "Via Tortona 12, Milan");
    const list = await screen.findByRole("listbox", { name: "Comuni suggeriti" });
    await user.click(await within(list).findByRole("option", { name: "Milano (MI)" }));
    expect(address).toHaveValue("Via Tortona 12, Milano (MI)");
    await user.click(screen.getByRole("checkbox", { name: "Elettronica" }));
    await user.click(screen.getByRole("checkbox", { name: "Casa" }));
    await user.click(screen.getByRole("button", { name: "Verifica il negozio" }));
    await findToast(SHOP_VERIFICATION_MESSAGES.verified);
    expect(verifyShop).toHaveBeenCalledWith({
      businessName: "Elettronica Navigli",
      partitaIva: PARTITA_IVA,
      address: "Via Tortona 12, Milano (MI)",
      position: { lat: expect.closeTo(45.46, 1), lng: expect.closeTo(9.19, 1), zone: "Milano" },
      categories: ["elettronica", "casa"],
    });
  });

  it("says the e-mail must be confirmed first when the server refuses it", async () => {
    vi.mocked(verifyShop).mockRejectedValue(
      codedError("functions/failed-precondition", SHOP_VERIFICATION_MESSAGES.emailNotVerified),
    );
    const { user } = await openPanel();
    await user.type(field(/Partita IVA/), PARTITA_IVA);
    await user.click(screen.getByRole("checkbox", { name: "Sport" }));
    await user.click(screen.getByRole("button", { name: "Verifica il negozio" }));
    expect(await findToast("Errore")).toHaveTextContent(SHOP_VERIFICATION_MESSAGES.emailNotVerified);
    expect(
      screen.getByText(SHOP_VERIFICATION_MESSAGES.emailNotVerified, { selector: "form p" }),
    ).toBeVisible();
    expect(screen.getByRole("button", { name: "Verifica il negozio" })).toBeEnabled();
  });

  it("shows the dashboard live once the session's users doc carries the verified shop", async () => {
    // The session as a store, like the real one: verifyShop's write reaches it through the listener.
    let session = merchantSession({ verified: false });
    const listeners = new Set<() => void>();
    vi.mocked(useSession).mockImplementation(() =>
      useSyncExternalStore(
        (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        () => session,
      ),
    );
    vi.mocked(verifyShop).mockImplementation(async () => {
      session = merchantSession();
      for (const listener of listeners) listener();
      return { status: "verified" };
    });
    const { user } = await openPanel();
    expect(fetchNearbyRequests).not.toHaveBeenCalled();
    await user.type(field(/Partita IVA/), PARTITA_IVA);
    await user.click(screen.getByRole("checkbox", { name: "Sport" }));
    await user.click(screen.getByRole("button", { name: "Verifica il negozio" }));
    expect(await screen.findByRole("heading", { name: "Richieste vicino a te" })).toBeVisible();
    await findToast(SHOP_VERIFICATION_MESSAGES.verified);
    expect(screen.queryByRole("heading", { name: "Verifica il tuo negozio" })).toBeNull();
    expect(fetchNearbyRequests).toHaveBeenCalled();
  });

  it("a shop waiting for an admin reads 'In attesa di verifica', and nothing of the dashboard runs", async () => {
    const session = merchantSession({ verified: false });
    vi.mocked(useSession).mockReturnValue({
      ...session,
      userData: session.userData && { ...session.userData, shop: aVerifiedShop({ status: "pending" }) },
    });
    renderPage(<MerchantDashboardPage />, { path: "/merchant" });
    expect(
      await screen.findByRole("heading", { level: 2, name: SHOP_VERIFICATION_MESSAGES.pendingTitle }),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: "Verifica il negozio" })).toBeNull();
    expect(fetchNearbyRequests).not.toHaveBeenCalled();
  });

  it("a refused shop reads the admin's reason above the form and may send again", async () => {
    const session = merchantSession({ verified: false });
    vi.mocked(useSession).mockReturnValue({
      ...session,
      userData: session.userData && {
        ...session.userData,
        shop: aVerifiedShop({ status: "refused", refusalReason: "Partita IVA di un'altra attività." }),
      },
    });
    await openPanel();
    expect(screen.getByRole("alert")).toHaveTextContent("Partita IVA di un'altra attività.");
    expect(screen.getByRole("button", { name: "Verifica il negozio" })).toBeEnabled();
  });
});
