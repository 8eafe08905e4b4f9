import { COOKIES_TEXT } from "@/domain/legal/legal-cookies";
import { PRIVACY_TEXT } from "@/domain/legal/legal-privacy";
import { TERMS_TEXT } from "@/domain/legal/legal-terms";
import { LegalDocument } from "./components/legal-document";

/** /privacy: the privacy notice. */
export function PrivacyPage() {
  return <LegalDocument text={PRIVACY_TEXT} />;
}

/** /termini: the terms of use, the shop plan's included. */
export function TermsPage() {
  return <LegalDocument text={TERMS_TEXT} />;
}

/** /cookie: what the app keeps on the device, and why there is no banner. */
export function CookiesPage() {
  return <LegalDocument text={COOKIES_TEXT} />;
}
