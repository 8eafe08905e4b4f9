import { ACCESSIBILITY_TEXT, BARRIER_REPORT, BARRIER_REPORT_HREF } from "@/domain/legal/legal-accessibility";
import { RANKING_TEXT } from "@/domain/marketplace/transparency-ranking";
import { REVIEWS_TEXT } from "@/domain/marketplace/transparency-reviews";
import { LegalDocument } from "./components/legal-document";

/** /regole/recensioni: who can rate, 'Acquisto verificato', which ratings count (Omnibus, D.Lgs. 26/2023). */
export function ReviewsPage() {
  return <LegalDocument text={REVIEWS_TEXT} />;
}

/** /regole/ordinamento: the order of the shop's feed and of the buyer's offers (P2B, EU 2019/1150). */
export function RankingPage() {
  return <LegalDocument text={RANKING_TEXT} />;
}

/** /accessibilita: the accessibility statement (EAA), with the way to report a barrier. */
export function A11yPage() {
  return (
    <LegalDocument text={ACCESSIBILITY_TEXT}>
      <p className="mt-6">
        <a href={BARRIER_REPORT_HREF} className="focus-ring rounded font-medium text-brand-800 underline">
          {BARRIER_REPORT.label}
        </a>
      </p>
    </LegalDocument>
  );
}
