import { Link } from "react-router";
import { paths } from "@/config/paths";
import { PRODUCT_NAME } from "@/domain/core/product";
import type { LegalPageKey } from "@/domain/legal/legal";
import { RULES_HUB } from "@/domain/legal/legal-rules-hub";
import {
  announcementDate,
  TERMS_ANNOUNCEMENT_COPY,
  TERMS_ANNOUNCEMENTS,
} from "@/domain/legal/terms-announcements";
import { LEGAL_PAGES } from "./components/legal-document";

const HREFS: Readonly<Record<Exclude<LegalPageKey, "rules">, string>> = {
  reviews: paths.reviewsPolicy.getHref(),
  ranking: paths.rankingPolicy.getHref(),
  accessibility: paths.accessibility.getHref(),
  privacy: paths.privacy.getHref(),
  terms: paths.terms.getHref(),
  cookies: paths.cookies.getHref(),
};

/** /regole: 'Regole e trasparenza', every legal and transparency page with a line on each. */
export function RulesPage() {
  const meta = LEGAL_PAGES.rules;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${meta.title} · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{meta.title}</h1>
      <p className="mt-6 text-slate-800 leading-relaxed">{RULES_HUB.intro}</p>
      <ul className="mt-8 space-y-6">
        {RULES_HUB.entries.map((entry) => (
          <li key={entry.key}>
            <Link
              to={HREFS[entry.key]}
              className="focus-ring rounded text-lg font-semibold text-brand-800 underline"
            >
              {LEGAL_PAGES[entry.key].title}
            </Link>
            <p className="mt-1 text-slate-800 leading-relaxed">{entry.summary}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="terms-changes" className="mt-10 space-y-3">
        <h2 id="terms-changes" className="text-xl font-semibold text-slate-900">
          {TERMS_ANNOUNCEMENT_COPY.title}
        </h2>
        {TERMS_ANNOUNCEMENTS.map((announcement) => (
          <p key={announcement.id} className="text-slate-800 leading-relaxed">
            <strong>
              {TERMS_ANNOUNCEMENT_COPY.appliesFrom} {announcementDate(announcement.appliesFrom)} (
              {TERMS_ANNOUNCEMENT_COPY.announcedOn} {announcementDate(announcement.announcedOn)}):{" "}
              {announcement.title}.
            </strong>{" "}
            {announcement.summary}
          </p>
        ))}
      </section>
    </article>
  );
}
