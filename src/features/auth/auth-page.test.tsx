import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { REDIRECT_AFTER_LOGIN_MS } from "@/domain/core/limits";
import { PENDING_USER_TYPE_STORAGE_KEY } from "@/domain/core/user-type";
import { AUTH_ERROR_MESSAGES } from "@/domain/people/auth-errors";
import {
  fakeAuthModule as auth,
  codedError,
  fakeEmailModule as email,
  fakeFunctionsModule as functions,
  resetFakeData,
  seedAccount,
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
  await Promise.all([import("./auth-page"), import("@/lib/session/session-runtime")]);
});

beforeEach(() => {
  resetFakeData();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

/** The static frame (components/auth-shell.tsx) paints first; the page replaces it once its code has loaded. */
const shellShown = () => document.querySelector("form[aria-busy='true']") !== null;

async function openAuth(path = "/auth") {
  const app = renderApp(path);
  // The first render of a file also loads the lazy page: allow it more than the default second.
  await screen.findByRole("heading", { level: 2, name: "Accedi a Vicino" }, { timeout: 5000 });
  await waitFor(() => expect(shellShown()).toBe(false), { timeout: 5000 });
  return app;
}

/** Each element's tag, classes and own text, in document order: what decides where things paint. */
function outline(root: Element): string[] {
  return [root, ...root.querySelectorAll("*")].map((element) => {
    const ownText = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent?.trim())
      .join("");
    return `${element.tagName} ${element.getAttribute("class") ?? ""} ${ownText}`;
  });
}

const modeHeading = (name: string) => screen.findByRole("heading", { level: 2, name });
const button = (name: string) => screen.getByRole("button", { name });
const queryButton = (name: string) => screen.queryByRole("button", { name });
const alertText = () => screen.getByRole("alert").textContent;

describe("/auth's static frame", () => {
  it("has the outline of the page's first render, so nothing moves when the page replaces it", async () => {
    const { AuthShell } = await import("./components/auth-shell");
    const { render } = await import("@testing-library/react");
    const { MemoryRouter } = await import("react-router");
    for (const type of ["customer", "merchant"]) {
      localStorage.setItem(PENDING_USER_TYPE_STORAGE_KEY, type);
      const shell = render(
        <MemoryRouter initialEntries={["/auth"]}>
          <AuthShell />
        </MemoryRouter>,
      );
      const shellOutline = outline(shell.container);
      shell.unmount();
      const app = await openAuth();
      const page = document.querySelector("main > div, main > *") as Element;
      expect(outline(page)).toEqual(shellOutline.slice(1));
      app.unmount();
    }
  });
});

describe("/auth modes and transitions", () => {
  it("opens in login mode with the customer badge, a way back to / and the alternatives", async () => {
    await openAuth();
    expect(screen.getByRole("heading", { level: 1, name: "Accesso e registrazione" })).toBeVisible();
    expect(screen.getByText("Accesso Acquirente")).toBeVisible();
    expect(screen.getByRole("link", { name: "Cambia tipo di account" })).toHaveAttribute("href", "/");
    expect(screen.getByLabelText(/^Email/)).toBeVisible();
    expect(screen.getByLabelText(/^Password/)).toBeVisible();
    expect(screen.queryByLabelText(/Nome completo/)).toBeNull();
    expect(button("Accedi")).toBeEnabled();
    expect(button("Continua con Google")).toBeVisible();
    expect(button("Accedi con link magico")).toBeVisible();
  });

  it("shows 'Accesso Negoziante' when the pending type is merchant", async () => {
    localStorage.setItem(PENDING_USER_TYPE_STORAGE_KEY, "merchant");
    await openAuth();
    expect(screen.getByText("Accesso Negoziante")).toBeVisible();
  });

  it("goes login ↔ register, with 'Nome completo' and the confirmation in register", async () => {
    const { user } = await openAuth();
    await user.click(button("Registrati"));
    await modeHeading("Crea il tuo account");
    expect(screen.getByLabelText(/Nome completo/)).toBeVisible();
    expect(screen.getByLabelText(/Conferma password/)).toBeVisible();
    expect(button("Continua con Google")).toBeVisible();
    expect(button("Accedi con link magico")).toBeVisible();
    await user.click(button("Accedi"));
    await modeHeading("Accedi a Vicino");
  });

  it("goes login → reset → login", async () => {
    const { user } = await openAuth();
    await user.click(button("Password dimenticata?"));
    await modeHeading("Recupera la password");
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(button("Invia email di recupero")).toBeVisible();
    await user.click(button("Torna al login"));
    await modeHeading("Accedi a Vicino");
  });

  it("goes login → magic → login, hiding Google and the magic-link button in magic mode", async () => {
    const { user } = await openAuth();
    await user.click(button("Accedi con link magico"));
    await modeHeading("Accedi con un link magico");
    expect(queryButton("Continua con Google")).toBeNull();
    expect(queryButton("Accedi con link magico")).toBeNull();
    expect(button("Invia link magico")).toBeVisible();
    await user.click(button("Torna al login"));
    await modeHeading("Accedi a Vicino");
  });

  it("clears the form when the mode changes", async () => {
    const { user } = await openAuth();
    await user.type(screen.getByLabelText(/^Email/), "mario@example.com");
    await user.click(button("Accedi"));
    expect(alertText()).toBe("Compila tutti i campi obbligatori");
    await user.click(button("Registrati"));
    await modeHeading("Crea il tuo account");
    expect(screen.getByLabelText(/^Email/)).toHaveValue("");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("/auth validation (spec §5, word for word)", () => {
  it("login: required fields, then the e-mail format", async () => {
    const { user } = await openAuth();
    await user.click(button("Accedi"));
    expect(alertText()).toBe("Compila tutti i campi obbligatori");
    await user.type(screen.getByLabelText(/^Email/), "non-una-email");
    await user.type(screen.getByLabelText(/^Password/), "segreta1");
    await user.click(button("Accedi"));
    expect(alertText()).toBe("Formato email non valido.");
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it.each([
    ["   ", "segreta1", "segreta1", "Il nome è obbligatorio"],
    ["Mario Rossi", "abc", "abc", "La password deve contenere almeno 6 caratteri"],
    ["Mario Rossi", "segreta1", "segreta2", "Le password non coincidono"],
    ["Mario Rossi", "segreta1", "", "Compila tutti i campi obbligatori"],
  ])("register with name %j, passwords %j / %j says '%s'", async (name, password, confirm, message) => {
    const { user } = await openAuth();
    await user.click(button("Registrati"));
    await modeHeading("Crea il tuo account");
    await user.type(screen.getByLabelText(/Nome completo/), name);
    await user.type(screen.getByLabelText(/^Email/), "mario@example.com");
    await user.type(screen.getByLabelText(/^Password/), password);
    if (confirm) await user.type(screen.getByLabelText(/Conferma password/), confirm);
    await user.click(button("Registrati"));
    expect(alertText()).toBe(message);
    expect(auth.registerWithPassword).not.toHaveBeenCalled();
  });

  it.each([
    ["Password dimenticata?", "Invia email di recupero"],
    ["Accedi con link magico", "Invia link magico"],
  ])("%s mode needs a well-formed e-mail", async (open, submit) => {
    const { user } = await openAuth();
    await user.click(button(open));
    await user.click(button(submit));
    expect(alertText()).toBe("Compila tutti i campi obbligatori");
    await user.type(screen.getByLabelText(/^Email/), "mario@");
    await user.click(button(submit));
    expect(alertText()).toBe("Formato email non valido.");
  });
});

async function fillRegister(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(button("Registrati"));
  await modeHeading("Crea il tuo account");
  await user.type(screen.getByLabelText(/Nome completo/), "  Mario Rossi ");
  await user.type(screen.getByLabelText(/^Email/), "mario@example.com");
  await user.type(screen.getByLabelText(/^Password/), "segreta1");
  await user.type(screen.getByLabelText(/Conferma password/), "segreta1");
  await user.click(screen.getByRole("checkbox", { name: /Accetto i Termini d'uso/ }));
  await user.click(button("Registrati"));
}

describe("/auth register", () => {
  it("needs the terms accepted and the privacy notice acknowledged, both linked", async () => {
    const { user } = await openAuth();
    await user.click(button("Registrati"));
    await modeHeading("Crea il tuo account");
    const consent = screen.getByRole("checkbox", {
      // jsdom's name computation puts a space before the inline link; browsers do not.
      name: /^Accetto i Termini d'uso e dichiaro di aver letto l' ?Informativa sulla privacy$/,
    });
    expect(consent).not.toBeChecked();
    const form = within(consent.closest("form") as HTMLFormElement);
    expect(form.getByRole("link", { name: "Termini d'uso" })).toHaveAttribute("href", "/termini");
    expect(form.getByRole("link", { name: "Informativa sulla privacy" })).toHaveAttribute("href", "/privacy");
    await user.type(screen.getByLabelText(/Nome completo/), "Mario Rossi");
    await user.type(screen.getByLabelText(/^Email/), "mario@example.com");
    await user.type(screen.getByLabelText(/^Password/), "segreta1");
    await user.type(screen.getByLabelText(/Conferma password/), "segreta1");
    await user.click(button("Registrati"));
    expect(alertText()).toBe(
      "Per registrarti devi accettare i Termini d'uso e prendere visione dell'Informativa sulla privacy",
    );
    expect(auth.registerWithPassword).not.toHaveBeenCalled();
  });

  it("creates the account, the users document, the public profile and the welcome e-mail, then goes home after 1 s", async () => {
    localStorage.setItem(PENDING_USER_TYPE_STORAGE_KEY, "merchant");
    const { user, location } = await openAuth();
    await fillRegister(user);

    const toast = await findToast("Registrazione completata!");
    expect(toast).toHaveTextContent("Ti abbiamo inviato un'email di benvenuto.");
    expect(auth.registerWithPassword).toHaveBeenCalledWith({
      email: "mario@example.com",
      password: "segreta1",
      displayName: "Mario Rossi",
    });
    expect(users.createUserDoc).toHaveBeenCalledWith({
      uid: "uid-1",
      email: "mario@example.com",
      displayName: "Mario Rossi",
      userType: "merchant",
      isVerified: false,
    });
    expect(functions.syncProfile).toHaveBeenCalledTimes(1);
    expect(email.sendEmail).toHaveBeenCalledWith(
      {
        type: "welcome",
        data: { displayName: "Mario Rossi", userType: "merchant", assistantName: "Leonardo" },
      },
      "id-token:uid-1",
    );
    expect(localStorage.getItem(PENDING_USER_TYPE_STORAGE_KEY)).toBeNull();
    expect(location.pathname).toBe("/auth");
    await waitFor(() => expect(location.pathname).toBe("/merchant"), { timeout: 3000 });
  });

  it("never claims the welcome e-mail went out when it failed, and still signs the user in", async () => {
    email.sendEmail.mockRejectedValueOnce(new Error("SMTP giù"));
    const { user, location } = await openAuth();
    await fillRegister(user);
    const toast = await findToast("Registrazione completata!");
    expect(toast).not.toHaveTextContent("email di benvenuto");
    expect(console.error).toHaveBeenCalledWith("Welcome e-mail not sent", expect.any(Error));
    await waitFor(() => expect(location.pathname).toBe("/customer"), { timeout: 3000 });
  });

  it("tries the welcome again after the server's own failure, then says it went out", async () => {
    email.sendEmail.mockRejectedValueOnce(new email.SendEmailError("Si è verificato un errore.", 500));
    const { user } = await openAuth();
    await fillRegister(user);
    const toast = await findToast("Registrazione completata!");
    expect(toast).toHaveTextContent("Ti abbiamo inviato un'email di benvenuto.");
    expect(email.sendEmail).toHaveBeenCalledTimes(2);
  });

  it("does not insist when the endpoint refuses the welcome (429)", async () => {
    email.sendEmail.mockRejectedValueOnce(
      new email.SendEmailError("Troppi tentativi. Riprova più tardi.", 429),
    );
    const { user } = await openAuth();
    await fillRegister(user);
    const toast = await findToast("Registrazione completata!");
    expect(toast).not.toHaveTextContent("email di benvenuto");
    expect(email.sendEmail).toHaveBeenCalledTimes(1);
  });

  it("shows 'email-already-in-use' in Italian", async () => {
    seedAccount({ email: "mario@example.com", password: "altra" });
    const { user, location } = await openAuth();
    await fillRegister(user);
    const toast = await findToast("Errore");
    expect(toast).toHaveTextContent(AUTH_ERROR_MESSAGES["email-already-in-use"]);
    expect(location.pathname).toBe("/auth");
  });

  it("deletes the new account again when its users document cannot be written", async () => {
    users.createUserDoc.mockRejectedValueOnce(
      codedError("permission-denied", "Missing or insufficient permissions."),
    );
    const { user } = await openAuth();
    await fillRegister(user);
    expect(await findToast("Errore")).toHaveTextContent("Non hai i permessi per questa operazione.");
    expect(auth.deleteCurrentAccount).toHaveBeenCalledTimes(1);
    expect(email.sendEmail).not.toHaveBeenCalled();
  });
});

async function login(user: ReturnType<typeof renderApp>["user"], address: string, password: string) {
  await user.type(screen.getByLabelText(/^Email/), address);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(button("Accedi"));
}

describe("/auth login", () => {
  it("welcomes the user back by name and goes to their dashboard after 1 s", async () => {
    seedUser(
      {
        email: "negozio@example.com",
        displayName: "Bottega Bianchi",
        userType: "merchant",
        password: "segreta1",
      },
      { signedIn: false },
    );
    const { user, location } = await openAuth();
    // A visitor who arrived signed out: the session has said so before they sign in (one who signs in
    // before it answers is sent on at once, the page taking them for one who arrived signed in).
    await waitFor(() => expect(auth.onAuthChange).toHaveBeenCalled());
    // Timed from before the sign-in: the page may only leave /auth a second after it, however slowly a
    // loaded machine finds the toast (asserting "still on /auth" after finding it raced that second).
    const started = Date.now();
    await login(user, "negozio@example.com", "segreta1");
    expect(await findToast("Accesso effettuato!")).toHaveTextContent("Bentornato, Bottega Bianchi!");
    await waitFor(() => expect(location.pathname).toBe("/merchant"), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(REDIRECT_AFTER_LOGIN_MS);
  });

  it("says 'Dati utente non trovati' and signs out an account without a users document", async () => {
    seedAccount({ email: "orfano@example.com", password: "segreta1" });
    const { user, location } = await openAuth();
    await login(user, "orfano@example.com", "segreta1");
    expect(await findToast("Errore")).toHaveTextContent("Dati utente non trovati");
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(location.pathname).toBe("/auth");
  });

  it.each([
    "user-not-found",
    "wrong-password",
    "invalid-email",
    "user-disabled",
    "too-many-requests",
    "network-request-failed",
    "internal-error",
  ])("turns auth/%s into its Italian message", async (code) => {
    auth.signInWithPassword.mockRejectedValueOnce(codedError(`auth/${code}`));
    const { user } = await openAuth();
    await login(user, "mario@example.com", "segreta1");
    const key = code in AUTH_ERROR_MESSAGES ? (code as keyof typeof AUTH_ERROR_MESSAGES) : "other";
    expect(await findToast("Errore")).toHaveTextContent(AUTH_ERROR_MESSAGES[key]);
  });

  it("blocks every submit while the request runs", async () => {
    let finish: () => void = () => undefined;
    auth.signInWithPassword.mockImplementationOnce(
      () => new Promise((_, reject) => (finish = () => reject(codedError("auth/wrong-password")))),
    );
    const { user } = await openAuth();
    await login(user, "mario@example.com", "segreta1");
    expect(button("Accedi")).toBeDisabled();
    expect(button("Accedi")).toHaveAttribute("aria-busy", "true");
    expect(button("Continua con Google")).toBeDisabled();
    expect(button("Registrati")).toBeDisabled();
    await user.click(button("Accedi"));
    expect(auth.signInWithPassword).toHaveBeenCalledTimes(1);
    finish();
    expect(await findToast("Errore")).toHaveTextContent(AUTH_ERROR_MESSAGES["wrong-password"]);
    expect(button("Accedi")).toBeEnabled();
  });
});

describe("/auth Google", () => {
  it("creates the users document on the first sign-in with the pending type, verified, with the photo", async () => {
    localStorage.setItem(PENDING_USER_TYPE_STORAGE_KEY, "merchant");
    const { user, location } = await openAuth();
    await user.click(button("Continua con Google"));
    expect(await findToast("Accesso effettuato!")).toHaveTextContent("Benvenuto su Vicino.");
    expect(users.createUserDoc).toHaveBeenCalledWith({
      uid: "uid-1",
      email: "google.user@example.com",
      displayName: "Giulia Verdi",
      userType: "merchant",
      isVerified: true,
      photoURL: "https://example.com/giulia.png",
    });
    expect(email.sendEmail).toHaveBeenCalledWith(
      expect.objectContaining({ type: "welcome" }),
      "id-token:uid-1",
    );
    expect(localStorage.getItem(PENDING_USER_TYPE_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(location.pathname).toBe("/merchant"), { timeout: 3000 });
  });

  it("keeps the stored role of an existing user", async () => {
    localStorage.setItem(PENDING_USER_TYPE_STORAGE_KEY, "customer");
    seedUser(
      { email: "google.user@example.com", displayName: "Giulia Verdi", userType: "merchant" },
      { signedIn: false },
    );
    const { user, location } = await openAuth();
    await user.click(button("Continua con Google"));
    expect(await findToast("Accesso effettuato!")).toHaveTextContent("Bentornato, Giulia Verdi!");
    expect(users.createUserDoc).not.toHaveBeenCalled();
    await waitFor(() => expect(location.pathname).toBe("/merchant"), { timeout: 3000 });
  });

  it.each([
    ["auth/popup-closed-by-user", "Login annullato dall'utente."],
    ["auth/network-request-failed", AUTH_ERROR_MESSAGES["network-request-failed"]],
  ])("reports %s under 'Errore Google Login'", async (code, message) => {
    auth.signInWithGoogle.mockRejectedValueOnce(codedError(code));
    const { user, location } = await openAuth();
    await user.click(button("Continua con Google"));
    expect(await findToast("Errore Google Login")).toHaveTextContent(message);
    expect(screen.queryByText("Errore", { selector: "li *" })).toBeNull();
    expect(location.pathname).toBe("/auth");
  });
});

describe("/auth reset and magic", () => {
  it("reset sends the password-reset e-mail, says 'Email inviata!' and returns to login", async () => {
    const { user } = await openAuth();
    await user.click(button("Password dimenticata?"));
    await user.type(screen.getByLabelText(/^Email/), " mario@example.com ");
    await user.click(button("Invia email di recupero"));
    await findToast("Email inviata!");
    expect(email.sendEmail).toHaveBeenCalledWith({ type: "password-reset", email: "mario@example.com" });
    await modeHeading("Accedi a Vicino");
  });

  it("reset shows the endpoint's refusal", async () => {
    email.sendEmail.mockRejectedValueOnce(
      new email.SendEmailError("Troppi tentativi. Riprova più tardi.", 429),
    );
    const { user } = await openAuth();
    await user.click(button("Password dimenticata?"));
    await user.type(screen.getByLabelText(/^Email/), "mario@example.com");
    await user.click(button("Invia email di recupero"));
    expect(await findToast("Errore")).toHaveTextContent("Troppi tentativi. Riprova più tardi.");
    expect(screen.getByRole("heading", { level: 2, name: "Recupera la password" })).toBeVisible();
  });

  it("magic sends createMagicLink with the pending type, says 'Link magico inviato!' and stays", async () => {
    localStorage.setItem(PENDING_USER_TYPE_STORAGE_KEY, "merchant");
    const { user } = await openAuth();
    await user.click(button("Accedi con link magico"));
    await user.type(screen.getByLabelText(/^Email/), "negozio@example.com");
    await user.click(button("Invia link magico"));
    await findToast("Link magico inviato!");
    expect(functions.createMagicLink).toHaveBeenCalledWith({
      email: "negozio@example.com",
      userType: "merchant",
    });
    expect(screen.getByRole("heading", { level: 2, name: "Accedi con un link magico" })).toBeVisible();
    expect(screen.getByText(/Link inviato a/)).toHaveTextContent("Link inviato a negozio@example.com");
  });

  it.each([
    [codedError("functions/invalid-argument", "Invalid"), "Errore durante l'invio del magic link"],
    [
      codedError("functions/resource-exhausted", "Troppi tentativi. Riprova più tardi."),
      "Troppi tentativi. Riprova più tardi.",
    ],
  ])("magic shows a refusal (%s) as '%s'", async (error, message) => {
    functions.createMagicLink.mockRejectedValueOnce(error);
    const { user } = await openAuth();
    await user.click(button("Accedi con link magico"));
    await user.type(screen.getByLabelText(/^Email/), "negozio@example.com");
    await user.click(button("Invia link magico"));
    expect(await findToast("Errore")).toHaveTextContent(message);
    expect(email.sendEmail).not.toHaveBeenCalled();
  });

  it("magic falls back to the Firebase e-mail link when the function is down, keeping the address", async () => {
    functions.createMagicLink.mockRejectedValueOnce(codedError("functions/unavailable", "unavailable"));
    const { user } = await openAuth();
    await user.click(button("Accedi con link magico"));
    await user.type(screen.getByLabelText(/^Email/), "mario@example.com");
    await user.click(button("Invia link magico"));
    await findToast("Link magico inviato!");
    expect(email.sendEmail).toHaveBeenCalledWith({
      type: "magic-link",
      email: "mario@example.com",
      data: { userType: "customer" },
    });
    expect(localStorage.getItem("vicino.emailForSignIn")).toBe("mario@example.com");
  });

  it("magic says 'Errore durante l'invio del magic link' when every way fails", async () => {
    functions.createMagicLink.mockRejectedValueOnce(codedError("functions/internal", "internal"));
    email.sendEmail.mockRejectedValueOnce(new Error("giù"));
    auth.sendFirebaseSignInLink.mockRejectedValueOnce(codedError("auth/network-request-failed"));
    const { user } = await openAuth();
    await user.click(button("Accedi con link magico"));
    await user.type(screen.getByLabelText(/^Email/), "mario@example.com");
    await user.click(button("Invia link magico"));
    const toast = await findToast("Errore");
    expect(within(toast).getByText("Errore durante l'invio del magic link")).toBeVisible();
  });
});
