import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { legacyRedirects, paths } from "@/config/paths";
import type { UserType } from "@/domain/core/user-type";
import { resetFakeData, seedUser } from "@/testing/fake-data";
import { aVerifiedShop } from "@/testing/marketplace-fixtures";
import { renderApp } from "@/testing/render-app";
import { renderRoutes, stubbedRoutes, stubHeading } from "@/testing/render-routes";
import { appRoutes } from "./routes";

vi.mock("@/data/auth", async () => (await import("@/testing/fake-data")).fakeAuthModule);
vi.mock("@/data/users", async () => (await import("@/testing/fake-data")).fakeUsersModule);
vi.mock("@/data/account", async () => (await import("@/testing/fake-data")).fakeFunctionsModule);
vi.mock("@/data/email", async () => (await import("@/testing/fake-data")).fakeEmailModule);

beforeEach(resetFakeData);

/** Guarded routes need a signed-in user of the right role. */
function signIn(userType: UserType | null) {
  if (!userType) return;
  // A merchant here is a verified shop: /browse and /make-offer are for those only (route-access.test).
  seedUser({
    email: `${userType}@example.com`,
    displayName: "Utente di prova",
    userType,
    ...(userType === "merchant" ? { shop: aVerifiedShop() } : {}),
  });
}

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
      expect(["public", "authenticated", "customer", "merchant", "shop"]).toContain(route.access);
    }
  });

  it.each([
    ["/test-create", "/create", "customer"],
    ["/test-browse", "/browse", "merchant"],
    ["/test-messages", "/messages", "customer"],
    ["/test-profile", "/profile", "merchant"],
    ["/auth-complex", "/auth", null],
  ] as const)("redirects %s to %s", async (from, to, userType) => {
    signIn(userType);
    const { location } = renderRoutes(from, stubbedRoutes());
    expect(
      await screen.findByRole("heading", { level: 1, name: stubHeading(to) }, { timeout: 4000 }),
    ).toBeVisible();
    expect(location.pathname).toBe(to);
  });

  it("covers every legacy path in the redirect test above", () => {
    expect(legacyRedirects.map((redirect) => redirect.from).sort()).toEqual(
      ["/auth-complex", "/test-browse", "/test-create", "/test-messages", "/test-profile"].sort(),
    );
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
