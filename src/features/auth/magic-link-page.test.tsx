import { render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { MemoryRouter } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/routes";
import { PENDING_USER_TYPE_STORAGE_KEY } from "@/domain/core/user-type";
import {
  fakeAuthModule as auth,
  codedError,
  fakeFunctionsModule as functions,
  resetFakeData,
  seedUser,
} from "@/testing/fake-data";
import { renderApp } from "@/testing/render-app";

vi.mock("@/data/auth", async () => (await import("@/testing/fake-data")).fakeAuthModule);
vi.mock("@/data/users", async () => (await import("@/testing/fake-data")).fakeUsersModule);
vi.mock("@/data/account", async () => (await import("@/testing/fake-data")).fakeFunctionsModule);
vi.mock("@/data/email", async () => (await import("@/testing/fake-data")).fakeEmailModule);

beforeAll(async () => {
  // Load the lazy pages once, so the first test does not time out on the import.
  await Promise.all([import("./magic-link-page"), import("@/lib/session/session-runtime")]);
});

beforeEach(() => {
  resetFakeData();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

/** verifyMagicLink answers for `token` with a custom token of the seeded account. */
function acceptToken(token: string, seed: Parameters<typeof seedUser>[0]) {
  const { account } = seedUser(seed, { signedIn: false });
  functions.verifyMagicLink.mockImplementation(async (input) => {
    if (input.token !== token)
      throw codedError("functions/failed-precondition", "Token non valido o scaduto");
    return { customToken: `custom:${account.uid}`, userType: seed.userType, email: seed.email };
  });
  return account;
}

describe("/magic-link-auth", () => {
  it("without a token says 'Link non valido: token mancante' and offers the way back to /auth", async () => {
    const { user, location } = renderApp("/magic-link-auth");
    expect(await screen.findByRole("alert")).toHaveTextContent("Link non valido: token mancante");
    expect(functions.verifyMagicLink).not.toHaveBeenCalled();
    await user.click(screen.getByRole("link", { name: "Torna all'accesso" }));
    expect(location.pathname).toBe("/auth");
  });

  it("an empty token is a missing token", async () => {
    renderApp("/magic-link-auth?token=%20");
    expect(await screen.findByRole("alert")).toHaveTextContent("Link non valido: token mancante");
  });

  it("verifies, signs in with the custom token and goes to the returned role's dashboard after 2 s", async () => {
    localStorage.setItem(PENDING_USER_TYPE_STORAGE_KEY, "merchant");
    const account = acceptToken("tok-success", {
      email: "negozio@example.com",
      displayName: "Bottega Bianchi",
      userType: "merchant",
    });
    const { location } = renderApp("/magic-link-auth?token=tok-success");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Verifica del link in corso" }),
    ).toBeVisible();
    expect(await screen.findByRole("heading", { level: 1, name: "Accesso effettuato!" })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("Ciao Bottega Bianchi!");
    expect(functions.verifyMagicLink).toHaveBeenCalledWith({ token: "tok-success" });
    expect(auth.signInWithToken).toHaveBeenCalledWith(`custom:${account.uid}`);
    expect(localStorage.getItem(PENDING_USER_TYPE_STORAGE_KEY)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(location.pathname).toBe("/magic-link-auth");
    await waitFor(() => expect(location.pathname).toBe("/merchant"), { timeout: 3000 });
  });

  it("a customer lands on /customer", async () => {
    acceptToken("tok-customer", { email: "anna@example.com", displayName: "Anna", userType: "customer" });
    const { location } = renderApp("/magic-link-auth?token=tok-customer");
    await screen.findByRole("heading", { level: 1, name: "Accesso effettuato!" });
    await waitFor(() => expect(location.pathname).toBe("/customer"), { timeout: 4000 });
  });

  it("shows 'Token non valido o scaduto' for a used, expired or unknown token", async () => {
    const { location } = renderApp("/magic-link-auth?token=tok-used");
    expect(await screen.findByRole("alert")).toHaveTextContent("Token non valido o scaduto");
    expect(auth.signInWithToken).not.toHaveBeenCalled();
    expect(screen.getByRole("link", { name: "Torna all'accesso" })).toHaveAttribute("href", "/auth");
    expect(location.pathname).toBe("/magic-link-auth");
  });

  it("falls back to 'Errore durante la verifica del magic link'", async () => {
    functions.verifyMagicLink.mockRejectedValueOnce(codedError("functions/internal", "internal"));
    renderApp("/magic-link-auth?token=tok-broken");
    expect(await screen.findByRole("alert")).toHaveTextContent("Errore durante la verifica del magic link");
  });

  it("a failing custom-token sign-in is a verification error too", async () => {
    functions.verifyMagicLink.mockResolvedValueOnce({
      customToken: "custom:nessuno",
      userType: "customer",
      email: "x@example.com",
    });
    renderApp("/magic-link-auth?token=tok-badcustom");
    expect(await screen.findByRole("alert")).toHaveTextContent("Errore durante la verifica del magic link");
  });

  it("verifies a token once under React StrictMode (single use)", async () => {
    acceptToken("tok-strict", { email: "anna@example.com", displayName: "Anna", userType: "customer" });
    vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    render(
      <StrictMode>
        <AppProvider>
          <MemoryRouter initialEntries={["/magic-link-auth?token=tok-strict"]}>
            <AppRoutes />
          </MemoryRouter>
        </AppProvider>
      </StrictMode>,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Accesso effettuato!" })).toBeVisible();
    expect(functions.verifyMagicLink).toHaveBeenCalledTimes(1);
    expect(auth.signInWithToken).toHaveBeenCalledTimes(1);
  });
});
