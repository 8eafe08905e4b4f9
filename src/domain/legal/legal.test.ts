import { describe, expect, it } from "vitest";
import { DEVICE_STORAGE_KEYS, LEGAL_DOCUMENTS, RETENTION_MONTHS, retentionCutoff } from "./legal.ts";
import { consentSchema, currentConsent } from "./legal-consent.ts";
import { COOKIES_TEXT } from "./legal-cookies.ts";
import { PRIVACY_TEXT } from "./legal-privacy.ts";
import { TERMS_TEXT } from "./legal-terms.ts";
import { TRANSPARENCY_DOCUMENTS } from "./transparency.ts";

const wholeText = (text: typeof PRIVACY_TEXT) =>
  [text.intro, ...text.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.items ?? [])])].join("\n");

describe("legal texts", () => {
  it("each has a version and a date", () => {
    for (const meta of [...Object.values(LEGAL_DOCUMENTS), ...Object.values(TRANSPARENCY_DOCUMENTS)]) {
      expect(meta.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(meta.date).toMatch(/^\d{1,2} \p{L}+ \d{4}$/u);
    }
  });

  it("the privacy notice names the processors, the retention, the rights and the Garante", () => {
    const privacy = wholeText(PRIVACY_TEXT);
    for (const fact of [
      "europe-west8",
      "Gemini",
      "Stripe",
      "posta elettronica",
      "Garante",
      "24 mesi",
      "15 minuti",
    ]) {
      expect(privacy).toContain(fact);
    }
    expect(privacy).toContain("Scarica i miei dati");
    expect(privacy).toContain("Elimina account");
    expect(privacy).toContain("Utente eliminato");
  });

  it("the terms state the plan's prices and the free first month", () => {
    const terms = wholeText(TERMS_TEXT);
    expect(terms).toMatch(/\b9,90\s€/);
    expect(terms).toMatch(/29,90\s€/);
    expect(terms).toContain("primo mese gratuito");
    expect(terms).toContain("Segnala");
    expect(terms).toContain("Blocca");
  });

  it("the cookie page lists every local storage key and says why there is no banner", () => {
    const cookies = wholeText(COOKIES_TEXT);
    for (const key of Object.values(DEVICE_STORAGE_KEYS)) expect(cookies).toContain(key);
    expect(cookies).toContain("IndexedDB");
    expect(cookies).toContain("banner");
  });
});

describe("consent and retention", () => {
  it("records the current versions at the writer's time", () => {
    const at = new Date("2026-11-25T10:00:00Z");
    const consent = currentConsent(() => at);
    expect(consentSchema.parse(consent)).toEqual({
      termsVersion: LEGAL_DOCUMENTS.terms.version,
      privacyVersion: LEGAL_DOCUMENTS.privacy.version,
      acceptedAt: at,
    });
  });

  it("the cutoff is 24 calendar months back", () => {
    expect(RETENTION_MONTHS).toBe(24);
    expect(retentionCutoff(new Date("2026-11-25T10:00:00Z")).toISOString()).toBe("2024-11-25T10:00:00.000Z");
  });
});
