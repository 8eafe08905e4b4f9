import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PENDING_USER_TYPE_STORAGE_KEY } from "@/domain/core/user-type";
import { renderApp } from "@/testing/render-app";

const main = () => screen.getByRole("main");

describe("landing page", () => {
  it.each(["/", "/landing"])("%s shows the hero, both audience cards and sign-in", (path) => {
    renderApp(path);
    expect(
      screen.getByRole("heading", { level: 1, name: /I negozi vicini ti fanno un'offerta/ }),
    ).toBeVisible();
    expect(within(main()).getByRole("link", { name: "Sono un acquirente" })).toHaveAttribute(
      "href",
      "/acquirenti",
    );
    expect(within(main()).getByRole("link", { name: "Ho un negozio" })).toHaveAttribute(
      "href",
      "/negozianti",
    );
    expect(within(main()).getByRole("link", { name: "Accedi" })).toHaveAttribute("href", "/auth");
  });

  it("explains the three steps CHIEDI, RICEVI, COMPRA in order", () => {
    renderApp("/");
    const steps = screen.getByRole("region", { name: /Tre passi/ });
    const titles = within(steps)
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent?.toUpperCase());
    expect(titles).toEqual(["CHIEDI", "RICEVI", "COMPRA"]);
    expect(within(steps).getByText(/scrivi, manda una foto o parla a voce/)).toBeVisible();
    expect(within(steps).getByText(/ti mandano offerte con il prezzo/)).toBeVisible();
    expect(within(steps).getByText(/vai in negozio e compra/)).toBeVisible();
  });

  it("has a merchant call to action leading to /negozianti", async () => {
    const { user, location } = renderApp("/");
    await user.click(screen.getByRole("link", { name: /Scopri Vicino per i negozi/ }));
    expect(await screen.findByRole("heading", { level: 1, name: /Clienti della tua zona/ })).toBeVisible();
    expect(location.pathname).toBe("/negozianti");
  });

  it("opens the buyer page from the buyer card", async () => {
    const { user, location } = renderApp("/");
    await user.click(within(main()).getByRole("link", { name: "Sono un acquirente" }));
    expect(await screen.findByRole("heading", { level: 1, name: /Chiedi una volta/ })).toBeVisible();
    expect(location.pathname).toBe("/acquirenti");
  });
});

describe("buyer page /acquirenti", () => {
  it("says it is always free and presents Algo, nearby offers, chat and ratings", () => {
    renderApp("/acquirenti");
    const advantages = screen.getByRole("region", { name: /Tutto quello che ti serve/ });
    for (const title of [
      "Sempre gratis",
      "Algo ti ascolta",
      "Offerte dai negozi vicini",
      "Chat con il negozio",
      "Valuta il negozio",
    ]) {
      expect(within(advantages).getByRole("heading", { name: title })).toBeVisible();
    }
    expect(within(advantages).getByText(/Scrivi, scatta una foto o parla a voce/)).toBeVisible();
  });

  it("stores the pending type 'customer' and goes to /auth", async () => {
    localStorage.setItem(PENDING_USER_TYPE_STORAGE_KEY, "merchant");
    const { user, location } = renderApp("/acquirenti");
    await user.click(screen.getByRole("link", { name: "Inizia gratis" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Accesso e registrazione" })).toBeVisible();
    expect(location.pathname).toBe("/auth");
    expect(localStorage.getItem(PENDING_USER_TYPE_STORAGE_KEY)).toBe("customer");
  });
});

describe("merchant page /negozianti", () => {
  it("lists the advantages", () => {
    renderApp("/negozianti");
    const advantages = screen.getByRole("region", { name: /Vendi di più/ });
    for (const title of [
      "Nessun catalogo da caricare",
      "Solo richieste reali, vicino a te",
      "Chat diretta con il cliente",
      "Valutazioni che contano",
    ]) {
      expect(within(advantages).getByRole("heading", { name: title })).toBeVisible();
    }
  });

  it("shows 9,90 € a month and the 29,90 € launch offer reserved to associated merchants", () => {
    renderApp("/negozianti");
    const monthly = screen.getByRole("article", { name: "Abbonamento mensile" });
    expect(within(monthly).getByText("9,90 €")).toBeVisible();
    expect(within(monthly).getByText("al mese")).toBeVisible();

    const launch = screen.getByRole("article", { name: "Offerta di lancio" });
    expect(within(launch).getByText("29,90 €")).toBeVisible();
    expect(within(launch).getByText("per il primo anno")).toBeVisible();
    expect(within(launch).getByText(/accesso illimitato/)).toBeVisible();
    expect(
      within(launch).getByText(
        /fase pilota, ai negozianti associati all'associazione di categoria della città pilota/,
      ),
    ).toBeVisible();
  });

  it("stores the pending type 'merchant' and goes to /auth", async () => {
    const { user, location } = renderApp("/negozianti");
    await user.click(screen.getByRole("link", { name: "Registra il tuo negozio" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Accesso e registrazione" })).toBeVisible();
    expect(location.pathname).toBe("/auth");
    expect(localStorage.getItem(PENDING_USER_TYPE_STORAGE_KEY)).toBe("merchant");
  });

  it("the launch-offer button also chooses 'merchant'", async () => {
    const { user } = renderApp("/negozianti");
    await user.click(screen.getByRole("link", { name: "Attiva l'offerta di lancio" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Accesso e registrazione" })).toBeVisible();
    expect(localStorage.getItem(PENDING_USER_TYPE_STORAGE_KEY)).toBe("merchant");
  });
});
