import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TOKEN_WALLET_COPY } from "@/domain/billing/token-wallet-messages";
import { confirmLinkSent, EMAIL_PROOF_STEP } from "@/domain/people/email-proof-messages";
import {
  fakeAuthModule as auth,
  codedError,
  fakeFunctionsModule as functions,
  resetFakeData,
  seedUser,
  storedUser,
  fakeUsersModule as users,
} from "@/testing/fake-data";
import { renderApp } from "@/testing/render-app";
import { findToast } from "@/testing/toasts";

vi.mock("@/data/auth", async () => (await import("@/testing/fake-data")).fakeAuthModule);
vi.mock("@/data/push", () => ({ forgetThisDevice: async () => undefined }));
vi.mock("@/data/users", async () => (await import("@/testing/fake-data")).fakeUsersModule);
vi.mock("@/data/account", async () => (await import("@/testing/fake-data")).fakeFunctionsModule);
vi.mock("@/data/email", async () => (await import("@/testing/fake-data")).fakeEmailModule);
vi.mock("@/data/shops", () => ({ verifyShop: vi.fn(async () => ({ status: "verified" })) }));

// Page tests click and type through whole flows: a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  await Promise.all([import("./profile-page"), import("@/lib/session/session-runtime")]);
});

beforeEach(() => {
  resetFakeData();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, "geolocation");
});

async function openProfile() {
  const app = renderApp("/profile");
  await screen.findByRole("heading", { level: 1, name: "Profilo" }, { timeout: 4000 });
  return app;
}

const detail = (label: string) => {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent;
};

describe("/profile", () => {
  it("shows the signed-in user's name, surname, e-mail and account type", async () => {
    seedUser({ email: "anna@example.com", displayName: "Anna Maria Neri", userType: "customer" });
    await openProfile();
    expect(detail("Nome")).toBe("Anna");
    expect(detail("Cognome")).toBe("Maria Neri");
    expect(detail("Email")).toBe("anna@example.com");
    expect(detail("Tipo di account")).toBe("Acquirente");
  });

  it("offers a buyer whose e-mail is not confirmed the one-tap proof link, and says what it gives", async () => {
    seedUser({ email: "anna@example.com", displayName: "Anna Neri", userType: "customer" });
    const { user } = await openProfile();
    expect(detail(EMAIL_PROOF_STEP.statusLabel)).toContain(EMAIL_PROOF_STEP.statusPending);
    expect(detail(EMAIL_PROOF_STEP.statusLabel)).toContain(EMAIL_PROOF_STEP.buyerWhy);
    await user.click(screen.getByRole("button", { name: EMAIL_PROOF_STEP.sendLink }));
    expect(functions.createMagicLink).toHaveBeenCalledExactlyOnceWith({
      email: "anna@example.com",
      userType: "customer",
    });
    expect(await screen.findByText(confirmLinkSent("anna@example.com"))).toHaveAttribute("role", "status");
  });

  it("says a proven e-mail is confirmed, with no link to send", async () => {
    seedUser({
      email: "anna@example.com",
      displayName: "Anna Neri",
      userType: "customer",
      emailVerified: true,
    });
    await openProfile();
    expect(detail(EMAIL_PROOF_STEP.statusLabel)).toBe(EMAIL_PROOF_STEP.statusConfirmed);
    expect(screen.queryByRole("button", { name: EMAIL_PROOF_STEP.sendLink })).toBeNull();
  });

  it("has the token wallet, which buys at any balance through the one purchase dialog", async () => {
    seedUser({
      email: "anna@example.com",
      displayName: "Anna Neri",
      userType: "customer",
      aiTokens: 4,
      lastTokenReset: new Date(),
    });
    const { user } = await openProfile();
    const wallet = screen.getByRole("heading", { level: 2, name: TOKEN_WALLET_COPY.title }).closest("div")
      ?.parentElement as HTMLElement;
    expect(wallet).toHaveTextContent("Saldo: 4 token");
    await user.click(within(wallet).getByRole("button", { name: TOKEN_WALLET_COPY.buy }));
    expect(await screen.findByRole("dialog", { name: TOKEN_WALLET_COPY.buy })).toBeInTheDocument();
  });

  it("prefers the stored first name and surname", async () => {
    seedUser({
      email: "l@example.com",
      displayName: "Lu",
      firstName: "Luisa",
      lastName: "Ferri",
      userType: "merchant",
    });
    await openProfile();
    expect(detail("Nome")).toBe("Luisa");
    expect(detail("Cognome")).toBe("Ferri");
    expect(detail("Tipo di account")).toBe("Negoziante");
  });

  it("edits name and surname, saves them and rewrites the public profile", async () => {
    const { account } = seedUser({
      email: "anna@example.com",
      displayName: "Anna Neri",
      userType: "customer",
    });
    const { user } = await openProfile();
    await user.click(screen.getByRole("button", { name: "Modifica profilo" }));
    const form = screen.getByRole("form", { name: "Modifica profilo" });
    expect(within(form).queryByLabelText(/Nome dell'attività/)).toBeNull();
    await user.clear(within(form).getByLabelText(/^Nome/));
    await user.type(within(form).getByLabelText(/^Nome/), "Annalisa");
    await user.clear(within(form).getByLabelText(/^Cognome/));
    await user.type(within(form).getByLabelText(/^Cognome/), " Rossi ");
    await user.click(within(form).getByRole("button", { name: "Salva modifiche" }));
    await findToast("Profilo aggiornato!");
    expect(users.updateUserProfile).toHaveBeenCalledWith(account.uid, {
      displayName: "Annalisa Rossi",
      firstName: "Annalisa",
      lastName: "Rossi",
    });
    expect(functions.syncProfile).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(detail("Nome")).toBe("Annalisa"));
    expect(detail("Cognome")).toBe("Rossi");
  });

  it("refuses a blank name with 'Il nome è obbligatorio'", async () => {
    seedUser({ email: "anna@example.com", displayName: "Anna Neri", userType: "customer" });
    const { user } = await openProfile();
    await user.click(screen.getByRole("button", { name: "Modifica profilo" }));
    await user.clear(screen.getByLabelText(/^Nome/));
    await user.type(screen.getByLabelText(/^Nome/), "   ");
    await user.click(screen.getByRole("button", { name: "Salva modifiche" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Il nome è obbligatorio");
    expect(users.updateUserProfile).not.toHaveBeenCalled();
  });

  it("lets a merchant set the business name and the shop position (default Milano)", async () => {
    const { account } = seedUser({
      email: "negozio@example.com",
      displayName: "Carlo Bianchi",
      userType: "merchant",
    });
    Object.defineProperty(navigator, "geolocation", {
      configurable: true,
      value: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 45.07, longitude: 7.69 } } as GeolocationPosition),
      },
    });
    const { user } = await openProfile();
    await user.click(screen.getByRole("button", { name: "Modifica profilo" }));
    expect(screen.getByLabelText(/Indirizzo del negozio/)).toHaveValue("Milano");
    expect(screen.getByText("Coordinate: 45.4642, 9.1900")).toBeVisible();
    await user.type(screen.getByLabelText(/Nome dell'attività/), "Ferramenta Bianchi");
    await user.click(screen.getByRole("button", { name: "Usa la mia posizione" }));
    expect(await screen.findByText("Posizione rilevata.")).toBeVisible();
    await user.clear(screen.getByLabelText(/Indirizzo del negozio/));
    await user.type(screen.getByLabelText(/Indirizzo del negozio/), "Via Roma 1, Torino");
    // The shop page's phone and hours: a wrong phone is refused in Italian, then corrected.
    await user.type(screen.getByLabelText(/Telefono del negozio/), "chiamami");
    await user.type(screen.getByLabelText(/Note sugli orari/), "Lun-Ven 9-19{Enter}  Sab 9-13 ");
    await user.click(screen.getByRole("button", { name: "Salva modifiche" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Inserisci un numero di telefono valido (es. 02 1234567 o +39 333 1234567)",
    );
    expect(users.updateUserProfile).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/Telefono del negozio/));
    await user.type(screen.getByLabelText(/Telefono del negozio/), "011 123 4567");
    await user.click(screen.getByRole("button", { name: "Salva modifiche" }));
    await findToast("Profilo aggiornato!");
    expect(users.updateUserProfile).toHaveBeenCalledWith(account.uid, {
      displayName: "Carlo Bianchi",
      firstName: "Carlo",
      lastName: "Bianchi",
      businessName: "Ferramenta Bianchi",
      location: { address: "Via Roma 1, Torino", lat: 45.07, lng: 7.69 },
      phone: "011 123 4567",
      weeklyHours: {},
      openingHours: "Lun-Ven 9-19\nSab 9-13",
    });
    expect(await screen.findByText("011 123 4567")).toBeVisible();
    expect(storedUser(account.uid)?.businessName).toBe("Ferramenta Bianchi");
    expect(await screen.findByText("Via Roma 1, Torino")).toBeVisible();
  });

  it("lets a shop set its opening hours as days and times, keeping the free text it wrote before", async () => {
    const { account } = seedUser({
      email: "negozio@example.com",
      displayName: "Carlo Bianchi",
      userType: "merchant",
      businessName: "Ferramenta Bianchi",
      location: { lat: 45.07, lng: 7.69, address: "Via Roma 1, Torino" },
      openingHours: "Lun-Ven 9-19",
    });
    const { user } = await openProfile();
    // Saved as text before days and times existed: shown as it is.
    expect(detail("Orari di apertura")).toBe("Lun-Ven 9-19");
    await user.click(screen.getByRole("button", { name: "Modifica profilo" }));
    const hours = screen.getByRole("group", { name: "Orari di apertura" });
    expect(screen.getByLabelText(/Note sugli orari/)).toHaveValue("Lun-Ven 9-19");

    await user.click(within(hours).getByRole("checkbox", { name: "Lunedì aperto" }));
    const time = (name: string) => within(hours).getByLabelText(name);
    await user.clear(time("Lunedì: dalle"));
    await user.type(time("Lunedì: dalle"), "09:30");
    await user.clear(time("Lunedì: alle"));
    await user.type(time("Lunedì: alle"), "13:00");
    await user.click(within(hours).getByRole("button", { name: "Aggiungi una fascia (lunedì)" }));
    await user.clear(time("Lunedì, seconda fascia: dalle"));
    await user.type(time("Lunedì, seconda fascia: dalle"), "12:00");
    await user.click(within(hours).getByRole("button", { name: "Martedì: Come lunedì" }));
    await user.click(screen.getByRole("button", { name: "Salva modifiche" }));
    // The afternoon starts before the morning ends: the day is named.
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Lunedì: la seconda fascia deve iniziare dopo la fine della prima",
    );
    expect(users.updateUserProfile).not.toHaveBeenCalled();

    await user.clear(time("Lunedì, seconda fascia: dalle"));
    await user.type(time("Lunedì, seconda fascia: dalle"), "15:00");
    await user.click(within(hours).getByRole("button", { name: "Martedì: Come lunedì" }));
    await user.clear(screen.getByLabelText(/Note sugli orari/));
    await user.type(screen.getByLabelText(/Note sugli orari/), "Chiuso ad agosto");
    await user.click(screen.getByRole("button", { name: "Salva modifiche" }));
    await findToast("Profilo aggiornato!");
    const days = [
      { open: "09:30", close: "13:00" },
      { open: "15:00", close: "19:00" },
    ];
    expect(users.updateUserProfile).toHaveBeenCalledWith(
      account.uid,
      expect.objectContaining({ weeklyHours: { mon: days, tue: days }, openingHours: "Chiuso ad agosto" }),
    );
    await waitFor(() => expect(detail("Orari di apertura")).toContain("Note sugli orari: Chiuso ad agosto"));
    // On a Monday in Rome the row reads 'Lunedì (oggi)': the table marks today.
    expect(screen.getByRole("table", { name: "Orari di apertura" })).toHaveTextContent(
      /Lunedì( \(oggi\))?9:30–13:00, 15:00–19:00/,
    );
  });

  it("lets a verified shop change its categories through verifyShop, and refuses none", async () => {
    const { verifyShop } = await import("@/data/shops");
    seedUser({
      email: "negozio@example.com",
      displayName: "Marco Bianchi",
      userType: "merchant",
      businessName: "Elettronica Navigli",
      location: { lat: 45.4517, lng: 9.1749, address: "Ripa di Porta Ticinese 41, Milano", zone: "Milano" },
      shop: {
        status: "verified",
        partitaIva: "04812310151",
        categories: ["elettronica"],
        verifiedAt: new Date("2026-01-02T10:00:00Z"),
      },
    });
    const { user } = await openProfile();
    await user.click(screen.getByRole("button", { name: "Modifica profilo" }));
    const electronics = screen.getByRole("checkbox", { name: "Elettronica" });
    expect(electronics).toBeChecked();
    await user.click(electronics);
    await user.click(screen.getByRole("button", { name: "Salva modifiche" }));
    await findToast("Scegli almeno una categoria che vendi");
    expect(verifyShop).not.toHaveBeenCalled();
    await user.click(screen.getByRole("checkbox", { name: "Casa" }));
    await user.click(screen.getByRole("button", { name: "Salva modifiche" }));
    await findToast("Profilo aggiornato!");
    expect(verifyShop).toHaveBeenCalledWith({
      businessName: "Elettronica Navigli",
      partitaIva: "04812310151",
      address: "Ripa di Porta Ticinese 41, Milano",
      position: { lat: 45.4517, lng: 9.1749, zone: "Milano" },
      categories: ["casa"],
    });
  });

  it("finds the comune in the shop address and saves its coordinates; an unknown one is flagged", async () => {
    const { account } = seedUser({
      email: "negozio@example.com",
      displayName: "Carlo Bianchi",
      userType: "merchant",
    });
    const { user } = await openProfile();
    await user.click(screen.getByRole("button", { name: "Modifica profilo" }));
    const address = screen.getByRole("combobox", { name: /Indirizzo del negozio/ });
    await user.clear(address);
    await user.type(address, "Via Roma 1, Atlantide");
    await user.tab();
    expect(await screen.findByRole("alert")).toHaveTextContent("Non troviamo questo comune.");
    expect(address).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Coordinate: 45.4642, 9.1900")).toBeVisible();
    await user.clear(address);
    await user.type(address, "Viale Italia 3, Sesto San Giovanni");
    await user.tab();
    expect(await screen.findByText("Posizione: Sesto San Giovanni (MI)")).toBeVisible();
    expect(screen.getByText("Coordinate: 45.5333, 9.2259")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Salva modifiche" }));
    await findToast("Profilo aggiornato!");
    expect(users.updateUserProfile).toHaveBeenCalledWith(
      account.uid,
      expect.objectContaining({
        location: { address: "Viale Italia 3, Sesto San Giovanni", lat: 45.5333, lng: 9.2259 },
      }),
    );
  });

  it("a merchant's shop address is required", async () => {
    seedUser({ email: "negozio@example.com", displayName: "Carlo Bianchi", userType: "merchant" });
    const { user } = await openProfile();
    await user.click(screen.getByRole("button", { name: "Modifica profilo" }));
    await user.clear(screen.getByLabelText(/Indirizzo del negozio/));
    await user.click(screen.getByRole("button", { name: "Salva modifiche" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Indica il comune o l'indirizzo");
  });

  it("reports a failed save and keeps the form", async () => {
    seedUser({ email: "anna@example.com", displayName: "Anna Neri", userType: "customer" });
    users.updateUserProfile.mockRejectedValueOnce(
      codedError("permission-denied", "Missing or insufficient permissions."),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole("button", { name: "Modifica profilo" }));
    await user.click(screen.getByRole("button", { name: "Salva modifiche" }));
    expect(await findToast("Errore")).toHaveTextContent("Non hai i permessi per questa operazione.");
    expect(screen.getByRole("form", { name: "Modifica profilo" })).toBeVisible();
  });

  it("shows a refused public-profile rewrite (too many changes) and keeps the form", async () => {
    seedUser({ email: "anna@example.com", displayName: "Anna Neri", userType: "customer" });
    functions.syncProfile.mockRejectedValueOnce(
      codedError("functions/resource-exhausted", "Troppi tentativi. Riprova più tardi."),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole("button", { name: "Modifica profilo" }));
    await user.click(screen.getByRole("button", { name: "Salva modifiche" }));
    expect(await findToast("Errore")).toHaveTextContent("Troppi tentativi. Riprova più tardi.");
    expect(screen.getByRole("form", { name: "Modifica profilo" })).toBeVisible();
  });

  it("cancel leaves the data as it was", async () => {
    seedUser({ email: "anna@example.com", displayName: "Anna Neri", userType: "customer" });
    const { user } = await openProfile();
    await user.click(screen.getByRole("button", { name: "Modifica profilo" }));
    await user.type(screen.getByLabelText(/^Nome/), "xyz");
    await user.click(screen.getByRole("button", { name: "Annulla" }));
    expect(detail("Nome")).toBe("Anna");
    expect(users.updateUserProfile).not.toHaveBeenCalled();
  });

  it("logs out to the home page", async () => {
    seedUser({ email: "anna@example.com", displayName: "Anna Neri", userType: "customer" });
    const { user, location } = await openProfile();
    const main = screen.getByRole("main");
    await user.click(within(main).getByRole("button", { name: "Esci" }));
    await waitFor(() => expect(location.pathname).toBe("/"));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });

  it("says 'Errore durante il logout' when logging out fails", async () => {
    seedUser({ email: "anna@example.com", displayName: "Anna Neri", userType: "customer" });
    auth.signOut.mockRejectedValueOnce(new Error("rete"));
    const { user } = await openProfile();
    await user.click(within(screen.getByRole("main")).getByRole("button", { name: "Esci" }));
    expect(await findToast("Errore")).toHaveTextContent("Errore durante il logout");
  });
});
