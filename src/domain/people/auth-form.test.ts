import { describe, expect, it } from "vitest";
import {
  authModeAfterSuccess,
  EMPTY_AUTH_FORM,
  isValidEmail,
  validateAuthForm,
  validateEmailForm,
  validateLoginForm,
  validateMagicForm,
  validateMagicLinkToken,
  validateRegisterForm,
  validateResetForm,
} from "./auth-form.ts";

const good = {
  email: " mario.rossi@example.it ",
  password: "segreto",
  confirmPassword: "segreto",
  displayName: "  Mario Rossi ",
};

const messageOf = (result: { ok: boolean; message?: string }) => (result.ok ? "ok" : result.message);

describe("validateRegisterForm", () => {
  it("accepts a complete form, trimming e-mail and name", () => {
    expect(validateRegisterForm(good)).toEqual({
      ok: true,
      data: { email: "mario.rossi@example.it", password: "segreto", displayName: "Mario Rossi" },
    });
  });

  it.each(["email", "password", "confirmPassword", "displayName"])("requires %s", (key) => {
    expect(messageOf(validateRegisterForm({ ...good, [key]: "" }))).toBe("Compila tutti i campi obbligatori");
    const { [key as keyof typeof good]: _omitted, ...rest } = good;
    expect(messageOf(validateRegisterForm(rest))).toBe("Compila tutti i campi obbligatori");
  });

  it("checks the e-mail format", () => {
    expect(messageOf(validateRegisterForm({ ...good, email: "mario@" }))).toBe("Formato email non valido.");
  });

  it("refuses a blank name", () => {
    expect(messageOf(validateRegisterForm({ ...good, displayName: "   " }))).toBe("Il nome è obbligatorio");
  });

  it("requires 6 characters of password", () => {
    expect(messageOf(validateRegisterForm({ ...good, password: "12345", confirmPassword: "12345" }))).toBe(
      "La password deve contenere almeno 6 caratteri",
    );
    expect(validateRegisterForm({ ...good, password: "123456", confirmPassword: "123456" }).ok).toBe(true);
  });

  it("requires matching passwords", () => {
    expect(messageOf(validateRegisterForm({ ...good, confirmPassword: "segreta" }))).toBe(
      "Le password non coincidono",
    );
  });

  it("checks in order: required, e-mail, name, length, match", () => {
    expect(messageOf(validateRegisterForm({ ...good, email: "", displayName: " " }))).toBe(
      "Compila tutti i campi obbligatori",
    );
    expect(messageOf(validateRegisterForm({ ...good, email: "x", displayName: " " }))).toBe(
      "Formato email non valido.",
    );
    expect(messageOf(validateRegisterForm({ ...good, displayName: " ", password: "1" }))).toBe(
      "Il nome è obbligatorio",
    );
    expect(messageOf(validateRegisterForm({ ...good, password: "1", confirmPassword: "2" }))).toBe(
      "La password deve contenere almeno 6 caratteri",
    );
  });
});

describe("login, reset and magic", () => {
  it("login requires e-mail and password", () => {
    expect(validateLoginForm({ email: "a@b.it", password: "x" })).toEqual({
      ok: true,
      data: { email: "a@b.it", password: "x" },
    });
    expect(messageOf(validateLoginForm({ email: "a@b.it", password: "" }))).toBe(
      "Compila tutti i campi obbligatori",
    );
    expect(messageOf(validateLoginForm({ email: "", password: "x" }))).toBe(
      "Compila tutti i campi obbligatori",
    );
    expect(messageOf(validateLoginForm({ email: "ab.it", password: "x" }))).toBe("Formato email non valido.");
  });

  it("reset and magic need a valid e-mail only", () => {
    for (const validate of [validateResetForm, validateMagicForm, validateEmailForm]) {
      expect(validate({ email: "a@b.it" })).toEqual({ ok: true, data: { email: "a@b.it" } });
      expect(messageOf(validate({ email: " " }))).toBe("Compila tutti i campi obbligatori");
      expect(messageOf(validate({ email: "a@b" }))).toBe("Formato email non valido.");
    }
  });

  it("validateAuthForm dispatches by mode", () => {
    expect(validateAuthForm("register", good).ok).toBe(true);
    expect(messageOf(validateAuthForm("register", { ...good, displayName: "" }))).toBe(
      "Compila tutti i campi obbligatori",
    );
    expect(validateAuthForm("login", { email: "a@b.it", password: "p" }).ok).toBe(true);
    expect(validateAuthForm("magic", { email: "a@b.it" }).ok).toBe(true);
    expect(validateAuthForm("reset", EMPTY_AUTH_FORM).ok).toBe(false);
  });

  it("reset returns to login, magic stays", () => {
    expect(authModeAfterSuccess("reset")).toBe("login");
    expect(authModeAfterSuccess("magic")).toBe("magic");
    expect(authModeAfterSuccess("login")).toBe("login");
  });

  it("isValidEmail", () => {
    expect(isValidEmail("giulia.bianchi@posta.it")).toBe(true);
    expect(isValidEmail("giulia@posta")).toBe(false);
    expect(isValidEmail(5)).toBe(false);
  });
});

describe("validateMagicLinkToken", () => {
  it("refuses a missing token", () => {
    expect(validateMagicLinkToken("abc")).toEqual({ ok: true, data: "abc" });
    for (const token of [null, undefined, "", "  ", 3]) {
      expect(messageOf(validateMagicLinkToken(token))).toBe("Link non valido: token mancante");
    }
  });
});

describe("bad input never throws", () => {
  it.each([undefined, null, 42, "x", [], { email: 5, password: {} }, Symbol("s")])("%s", (input) => {
    for (const validate of [validateRegisterForm, validateLoginForm, validateEmailForm]) {
      const result = validate(input);
      expect(result.ok).toBe(false);
      expect(result.ok ? "" : result.message).toBe("Compila tutti i campi obbligatori");
    }
  });
});
