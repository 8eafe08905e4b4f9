import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { legacyRedirects, paths } from "@/config/paths";
import { renderApp } from "@/testing/render-app";
import { appRoutes } from "./routes";

describe("route table", () => {
  it("declares every path of config/paths exactly once, each with an access level", () => {
    const declared = appRoutes.map((route) => route.path);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual(
      Object.values(paths)
        .map((entry) => entry.path)
        .sort(),
    );
    for (const route of appRoutes) {
      expect(["public", "authenticated", "customer", "merchant"]).toContain(route.access);
    }
  });

  it.each([
    ["/test-create", "/create", "Chiedi ad Algo"],
    ["/test-browse", "/browse", "Richieste vicino a te"],
    ["/test-messages", "/messages", "Messaggi"],
    ["/test-profile", "/profile", "Profilo"],
    ["/auth-complex", "/auth", "Accesso e registrazione"],
  ])("redirects %s to %s", async (from, to, heading) => {
    const { location } = renderApp(from);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeVisible();
    expect(location.pathname).toBe(to);
  });

  it("covers every legacy path in the redirect test above", () => {
    expect(legacyRedirects.map((redirect) => redirect.from).sort()).toEqual(
      ["/auth-complex", "/test-browse", "/test-create", "/test-messages", "/test-profile"].sort(),
    );
  });

  it("shows the shared 'In arrivo' page, naming the section, for a route not built yet", async () => {
    renderApp(paths.conversation.getHref("abc"));
    expect(await screen.findByRole("heading", { level: 1, name: "Messaggi" })).toBeVisible();
    expect(screen.getByText("In arrivo")).toBeVisible();
    expect(screen.getByText(/Questa sezione è in costruzione/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/");
  });

  it("shows an Italian 404 page for an unknown path", async () => {
    const { user, location } = renderApp("/pagina-che-non-esiste");
    expect(screen.getByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeVisible();
    expect(screen.getByText("/pagina-che-non-esiste")).toBeVisible();
    await user.click(screen.getByRole("link", { name: "Torna alla home" }));
    expect(location.pathname).toBe("/");
  });

  it("has a skip link to the main content", () => {
    renderApp("/");
    expect(screen.getByRole("link", { name: "Vai al contenuto principale" })).toHaveAttribute(
      "href",
      "#contenuto",
    );
    expect(screen.getByRole("main")).toHaveAttribute("id", "contenuto");
  });
});
