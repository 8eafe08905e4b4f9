import { describe, expect, it } from "vitest";
import {
  AUTH_ERROR_MESSAGES,
  authErrorKey,
  authErrorMessage,
  errorCode,
  isEmailTakenError,
  isPopupClosedError,
} from "./auth-errors.ts";

const SPEC_TEXTS: Record<string, string> = {
  "user-not-found": "Utente non trovato. Controlla l'email inserita.",
  "wrong-password": "Password non corretta. Riprova.",
  "email-already-in-use": "Questa email è già registrata. Prova a fare il login.",
  "weak-password": "La password deve contenere almeno 6 caratteri.",
  "invalid-email": "Formato email non valido.",
  "user-disabled": "Questo account è stato disabilitato.",
  "too-many-requests": "Troppi tentativi. Riprova più tardi.",
  "popup-closed-by-user": "Login annullato dall'utente.",
  "network-request-failed": "Errore di connessione. Controlla la tua connessione internet.",
};

describe("authErrorMessage", () => {
  it.each(Object.entries(SPEC_TEXTS))("%s with and without the auth/ prefix", (code, text) => {
    expect(authErrorMessage(`auth/${code}`)).toBe(text);
    expect(authErrorMessage(code)).toBe(text);
  });

  it("the catalogue holds the spec's texts word for word", () => {
    expect(AUTH_ERROR_MESSAGES).toEqual({ ...SPEC_TEXTS, other: "Errore di autenticazione. Riprova." });
  });

  it("invalid-credential reads as a wrong password", () => {
    expect(authErrorMessage("auth/invalid-credential")).toBe("Password non corretta. Riprova.");
    expect(authErrorMessage("auth/invalid-login-credentials")).toBe("Password non corretta. Riprova.");
  });

  it("maps close relatives", () => {
    expect(authErrorMessage("auth/cancelled-popup-request")).toBe("Login annullato dall'utente.");
    expect(authErrorMessage("auth/missing-email")).toBe("Formato email non valido.");
  });

  it("falls back to 'other'", () => {
    for (const code of ["auth/internal-error", "boom", "", "auth/", "other", undefined, null, 42, {}]) {
      expect(authErrorMessage(code)).toBe("Errore di autenticazione. Riprova.");
    }
    expect(authErrorKey("AUTH/USER-NOT-FOUND")).toBe("user-not-found");
  });
});

describe("error predicates", () => {
  it("read the code of anything thrown", () => {
    expect(errorCode({ code: "auth/email-already-in-use" })).toBe("auth/email-already-in-use");
    expect(errorCode(new Error("x"))).toBeUndefined();
    expect(errorCode("auth/x")).toBeUndefined();
    expect(isEmailTakenError({ code: "auth/email-already-in-use" })).toBe(true);
    expect(isEmailTakenError({ code: "auth/wrong-password" })).toBe(false);
    expect(isPopupClosedError({ code: "auth/popup-closed-by-user" })).toBe(true);
  });
});
