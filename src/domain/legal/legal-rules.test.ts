import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LEGAL_DOCUMENTS } from "./legal.ts";

/**
 * firestore.rules accepts a sign-up's consent record only with the current versions of the terms and
 * the privacy notice (isConsent). The rules cannot import the domain, so they repeat the versions:
 * a new version here without the same one there would refuse every sign-up.
 */
describe("the rules' consent versions", () => {
  it("are the current versions of LEGAL_DOCUMENTS", () => {
    const rules = readFileSync(new URL("../../../firestore.rules", import.meta.url), "utf8");
    const isConsent = rules.slice(rules.indexOf("function isConsent("), rules.indexOf("function isSignUp("));
    expect(isConsent).toContain(`consent.termsVersion == '${LEGAL_DOCUMENTS.terms.version}'`);
    expect(isConsent).toContain(`consent.privacyVersion == '${LEGAL_DOCUMENTS.privacy.version}'`);
  });
});
