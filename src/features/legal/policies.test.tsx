import { render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { A11yPage, RankingPage, ReviewsPage } from "./policies";
import { RulesPage } from "./rules-page";

function renderPage(Page: ComponentType) {
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
}

const linkTo = (name: string) => screen.getByRole("link", { name });

describe("transparency pages", () => {
  it("/regole/recensioni says who rates, what 'Acquisto verificato' proves and which ratings count", () => {
    renderPage(ReviewsPage);
    expect(
      screen.getByRole("heading", { level: 1, name: "Come verifichiamo le recensioni" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Versione 2026-12-08, in vigore dal 8 dicembre 2026$/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: /Chi può valutare/ })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: /«Acquisto verificato»/ })).toBeInTheDocument();
    // The code at the till: bound to the deal and the shop, once, a wait after wrong tries.
    expect(screen.getByText(/codice di ritiro di 6 caratteri/)).toHaveTextContent(
      /Dopo 5 tentativi sbagliati il negozio deve aspettare 15 minuti/,
    );
    // ratingOutcome: one counted per buyer and shop in 30 days; unverified only from a proven e-mail.
    expect(screen.getByText(/al massimo una volta ogni 30 giorni per lo stesso negozio/)).toBeInTheDocument();
    expect(screen.getByText(/solo se il cliente ha confermato la sua e-mail/)).toBeInTheDocument();
    // The 24-month rule (review-rules.ts) and the shop's one answer (review-answer.ts).
    expect(screen.getByText(/ne esce 24 mesi dopo/)).toHaveTextContent("«Non più conteggiata»");
    expect(screen.getByText(/rispondere una volta a ogni recensione/)).toHaveTextContent("prime 48 ore");
    expect(screen.getByText(/Sotto ogni recensione c'è «Segnala recensione»/)).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 2, name: /Come segnalare una recensione/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(/aiuto@vicino\.it/)).toBeInTheDocument();
    const others = within(screen.getByRole("navigation", { name: "Altre note legali" }));
    expect(others.getByRole("link", { name: "Regole e trasparenza" })).toHaveAttribute("href", "/regole");
  });

  it("/regole/ordinamento says what orders the feed and the offers, and that nobody pays to rank", () => {
    renderPage(RankingPage);
    expect(
      screen.getByRole("heading", { level: 1, name: "Come ordiniamo le richieste" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/2019\/1150/)).toHaveTextContent(/nessun negozio e nessun acquirente può pagare/);
    expect(screen.getByText(/entro il raggio scelto dal negozio \(all'inizio 10 km\)/)).toBeInTheDocument();
    expect(screen.getByText(/in ordine di pubblicazione, dalla più recente/)).toBeInTheDocument();
    expect(screen.getByText(/«Prezzo più basso» \(all'inizio\), «Valutazione migliore»/)).toHaveTextContent(
      "«Più vicino»",
    );
  });

  it("/accessibilita states a partial conformance, the known limits, the date and how to report a barrier", () => {
    renderPage(A11yPage);
    expect(
      screen.getByRole("heading", { level: 1, name: "Dichiarazione di accessibilità" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/parzialmente conforme alle WCAG 2\.2 di livello AA/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: /Limiti noti/ })).toBeInTheDocument();
    // axe runs with the WCAG 2.2 tag: of 2.2's new criteria it checks the target size alone.
    expect(screen.getByText(/verifica solo la dimensione minima dei bersagli/)).toHaveTextContent(
      "non sono ancora verificati in modo automatico",
    );
    expect(screen.getByText(/redatta il 8 dicembre 2026/)).toBeInTheDocument();
    expect(linkTo("Segnala una barriera a privacy@vicino.it")).toHaveAttribute(
      "href",
      "mailto:privacy@vicino.it?subject=Barriera%20di%20accessibilit%C3%A0",
    );
  });

  it("/regole links every transparency and legal page", () => {
    renderPage(RulesPage);
    expect(screen.getByRole("heading", { level: 1, name: "Regole e trasparenza" })).toBeInTheDocument();
    expect(linkTo("Come verifichiamo le recensioni")).toHaveAttribute("href", "/regole/recensioni");
    expect(linkTo("Come ordiniamo le richieste")).toHaveAttribute("href", "/regole/ordinamento");
    expect(linkTo("Dichiarazione di accessibilità")).toHaveAttribute("href", "/accessibilita");
    expect(linkTo("Informativa sulla privacy")).toHaveAttribute("href", "/privacy");
    expect(linkTo("Termini d'uso")).toHaveAttribute("href", "/termini");
    expect(linkTo("Cookie e memoria del dispositivo")).toHaveAttribute("href", "/cookie");
  });
});

describe("/regole: changes to the terms", () => {
  it("lists each announced change with the date it applies from and the date it was announced", () => {
    renderPage(RulesPage);
    const section = screen.getByRole("region", { name: "Modifiche annunciate ai Termini d'uso" });
    expect(section).toHaveTextContent("In vigore dal 1 gennaio 2027 (annunciata il 8 dicembre 2026)");
  });
});
