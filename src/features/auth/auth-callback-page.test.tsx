import { screen, waitFor } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  fakeAuthModule as auth,
  codedError,
  fakeEmailModule as email,
  resetFakeData,
  seedUser,
  fakeUsersModule as users,
} from "@/testing/fake-data";
import { renderApp } from "@/testing/render-app";
import { findToast } from "@/testing/toasts";

vi.mock("@/data/auth", async () => (await import("@/testing/fake-data")).fakeAuthModule);
vi.mock("@/data/users", async () => (await import("@/testing/fake-data")).fakeUsersModule);
vi.mock("@/data/account", async () => (await import("@/testing/fake-data")).fakeFunctionsModule);
vi.mock("@/data/email", async () => (await import("@/testing/fake-data")).fakeEmailModule);

beforeAll(async () => {
  // Load the lazy pages once, so the first test does not time out on the import.
  await Promise.all([
    import("./auth-callback-page"),
    import("./auth-page"),
    import("@/lib/session/session-runtime"),
  ]);
});

beforeEach(() => {
  resetFakeData();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

/** A Firebase sign-in link back to /auth-callback; each test its own code (links are single use). */
const link = (code: string, userType = "merchant") =>
  `/auth-callback?userType=${userType}&apiKey=k&mode=signIn&oobCode=${code}`;

describe("/auth-callback", () => {
  it("sends anything that is not a sign-in link to /auth", async () => {
    const { location } = renderApp("/auth-callback?userType=customer");
    await screen.findByRole("heading", { level: 1, name: "Accesso e registrazione" });
    expect(location.pathname).toBe("/auth");
  });

  it("completes with the stored address, creates the users document with the link's type, and redirects by role", async () => {
    localStorage.setItem("vicino.emailForSignIn", "nuovo@example.com");
    const { location } = renderApp(link("CODE-NEW"));
    expect(await screen.findByRole("heading", { level: 1, name: "Reindirizzamento in corso" })).toBeVisible();
    expect(await findToast("Accesso effettuato!")).toHaveTextContent("Benvenuto su Vicino.");
    expect(auth.completeEmailLinkSignIn).toHaveBeenCalledWith(
      "nuovo@example.com",
      expect.stringContaining("oobCode=CODE-NEW"),
    );
    expect(users.createUserDoc).toHaveBeenCalledWith({
      uid: "uid-1",
      email: "nuovo@example.com",
      displayName: "nuovo",
      userType: "merchant",
      isVerified: true,
    });
    expect(localStorage.getItem("vicino.emailForSignIn")).toBeNull();
    await waitFor(() => expect(location.pathname).toBe("/merchant"), { timeout: 3000 });
    // A new account gets the welcome e-mail, as password and Google sign-ups do.
    await waitFor(() =>
      expect(email.sendEmail).toHaveBeenCalledExactlyOnceWith(
        { type: "welcome", data: { displayName: "nuovo", userType: "merchant", assistantName: "Leonardo" } },
        expect.any(String),
      ),
    );
  });

  it("keeps the stored role of an existing user", async () => {
    seedUser({ email: "anna@example.com", displayName: "Anna", userType: "customer" }, { signedIn: false });
    localStorage.setItem("vicino.emailForSignIn", "anna@example.com");
    const { location } = renderApp(link("CODE-EXISTING"));
    expect(await findToast("Accesso effettuato!")).toHaveTextContent("Bentornato, Anna!");
    expect(users.createUserDoc).not.toHaveBeenCalled();
    await waitFor(() => expect(location.pathname).toBe("/customer"), { timeout: 3000 });
    expect(email.sendEmail).not.toHaveBeenCalled();
  });

  it("asks for the address when the link is opened on another device", async () => {
    const { user, location } = renderApp(link("CODE-OTHER-DEVICE"));
    expect(await screen.findByRole("heading", { level: 1, name: "Conferma la tua email" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Completa l'accesso" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Compila tutti i campi obbligatori");
    await user.type(screen.getByLabelText(/^Email/), "altro@example.com");
    await user.click(screen.getByRole("button", { name: "Completa l'accesso" }));
    await findToast("Accesso effettuato!");
    expect(auth.completeEmailLinkSignIn).toHaveBeenCalledWith("altro@example.com", expect.any(String));
    await waitFor(() => expect(location.pathname).toBe("/merchant"), { timeout: 3000 });
  });

  it("says 'Token non valido o scaduto' for a used or expired link", async () => {
    localStorage.setItem("vicino.emailForSignIn", "anna@example.com");
    auth.completeEmailLinkSignIn.mockRejectedValueOnce(codedError("auth/invalid-action-code"));
    const { user, location } = renderApp(link("CODE-SPENT"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Token non valido o scaduto");
    await user.click(screen.getByRole("link", { name: "Torna all'accesso" }));
    expect(location.pathname).toBe("/auth");
  });
});
