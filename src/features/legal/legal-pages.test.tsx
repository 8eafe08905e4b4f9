import { render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CookiesPage, PrivacyPage, TermsPage } from "./legal-pages";

function renderPage(Page: ComponentType) {
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
}

describe("legal pages", () => {
  it("/privacy shows the notice with its version and date, and links the other two", () => {
    renderPage(PrivacyPage);
    expect(screen.getByRole("heading", { level: 1, name: "Informativa sulla privacy" })).toBeInTheDocument();
    expect(screen.getByText(/^Versione 2026-11-28, in vigore dal 28 novembre 2026$/)).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 2, name: /Per quanto tempo li conserviamo/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Garante per la protezione dei dati personali/)).toBeInTheDocument();
    const others = within(screen.getByRole("navigation", { name: "Altre note legali" }));
    expect(others.getByRole("link", { name: "Termini d'uso" })).toHaveAttribute("href", "/termini");
    expect(others.getByRole("link", { name: "Cookie" })).toHaveAttribute("href", "/cookie");
    expect(others.queryByRole("link", { name: "Privacy" })).toBeNull();
  });

  it("/termini states the shop plan", () => {
    renderPage(TermsPage);
    expect(screen.getByRole("heading", { level: 1, name: "Termini d'uso" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: /Il piano per i negozi/ })).toBeInTheDocument();
    expect(screen.getByText(/Abbonamento mensile: 9,90\s€ al mese/)).toBeInTheDocument();
  });

  it("/cookie lists the local storage keys and explains the missing banner", () => {
    renderPage(CookiesPage);
    expect(
      screen.getByRole("heading", { level: 2, name: /Perché non c'è un banner dei cookie/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(/vicino\.hasSession/)).toBeInTheDocument();
  });
});
