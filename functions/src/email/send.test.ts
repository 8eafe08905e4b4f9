import { afterEach, describe, expect, it, vi } from "vitest";
import { appOrigin, appUrl, smtpConfig } from "./config";
import { composeEmail } from "./send";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("mail configuration", () => {
  it("defaults to MailDev on 127.0.0.1:1025 and the local app", () => {
    for (const name of [
      "SMTP_HOST",
      "SMTP_PORT",
      "SMTP_SECURE",
      "SMTP_USER",
      "SMTP_PASS",
      "MAIL_FROM",
      "APP_URL",
    ]) {
      vi.stubEnv(name, "");
    }
    expect(smtpConfig()).toEqual({
      host: "127.0.0.1",
      port: 1025,
      secure: false,
      from: "Vicino <noreply@vicino.test>",
    });
    expect(appUrl()).toBe("http://127.0.0.1:5173");
  });

  it("reads the environment the emulator (or a deploy) provides", () => {
    vi.stubEnv("SMTP_HOST", "smtp.example.it");
    vi.stubEnv("SMTP_PORT", "465");
    vi.stubEnv("SMTP_SECURE", "true");
    vi.stubEnv("SMTP_USER", "vicino");
    vi.stubEnv("SMTP_PASS", "segreto");
    vi.stubEnv("MAIL_FROM", "Vicino <ciao@vicino.example>");
    vi.stubEnv("APP_URL", "https://vicino.example/");
    expect(smtpConfig()).toEqual({
      host: "smtp.example.it",
      port: 465,
      secure: true,
      auth: { user: "vicino", pass: "segreto" },
      from: "Vicino <ciao@vicino.example>",
    });
    expect(appUrl()).toBe("https://vicino.example");
    expect(appOrigin()).toBe("https://vicino.example");
  });

  it("refuses a malformed configuration instead of sending somewhere unexpected", () => {
    vi.stubEnv("SMTP_PORT", "smtp");
    expect(() => smtpConfig()).toThrow();
    vi.stubEnv("APP_URL", "javascript:alert(1)");
    expect(() => appUrl()).toThrow();
  });
});

describe("mail configuration in a deployed function", () => {
  function deployed(values: Record<string, string>) {
    vi.stubEnv("K_SERVICE", "acceptoffer");
    vi.stubEnv("FUNCTIONS_EMULATOR", "");
    for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  }

  it("refuses to fall back to the emulators' values when a param is missing", () => {
    deployed({ APP_URL: "", SMTP_HOST: "smtp.example.it", MAIL_FROM: "Vicino <ciao@vicino.example>" });
    expect(() => appUrl()).toThrow(/APP_URL is not set/);
  });

  it("refuses a local address deployed by mistake", () => {
    deployed({ APP_URL: "http://127.0.0.1:5173", SMTP_HOST: "127.0.0.1", MAIL_FROM: "x <a@b.it>" });
    expect(() => appUrl()).toThrow(/APP_URL points at this machine/);
    expect(() => smtpConfig()).toThrow(/SMTP_HOST points at this machine/);
  });

  it("uses the project's values and the bound SMTP secrets", () => {
    deployed({
      APP_URL: "https://vicino.example",
      SMTP_HOST: "smtp.example.it",
      SMTP_PORT: "587",
      MAIL_FROM: "Vicino <ciao@vicino.example>",
      SMTP_USER: "vicino",
      SMTP_PASS: "segreto",
    });
    expect(appUrl()).toBe("https://vicino.example");
    expect(smtpConfig()).toMatchObject({
      host: "smtp.example.it",
      port: 587,
      auth: { user: "vicino", pass: "segreto" },
    });
  });

  it("keeps the local values on the Functions emulator", () => {
    deployed({ FUNCTIONS_EMULATOR: "true", APP_URL: "" });
    expect(appUrl()).toBe("http://127.0.0.1:5173");
  });
});

describe("composeEmail", () => {
  it("renders the fixed template for the given type", () => {
    const welcome = composeEmail("a@example.it", {
      type: "welcome",
      displayName: "Anna",
      userType: "merchant",
    });
    expect(welcome).toMatchObject({ to: "a@example.it", subject: "Benvenuto su Vicino!" });
    expect(welcome.text).toContain("Leonardo");
    const reset = composeEmail("a@example.it", { type: "password-reset", link: "http://x.test/r" });
    expect(reset.subject).toBe("Reimposta la password di Vicino");
    const magic = composeEmail("a@example.it", {
      type: "magic-link",
      link: "http://x.test/m",
      userType: "customer",
    });
    expect(magic.text).toContain("acquirente");
    expect(magic.text).toContain("http://x.test/m");
  });
});
