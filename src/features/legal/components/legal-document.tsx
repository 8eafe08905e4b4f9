import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { PRODUCT_NAME } from "@/domain/core/product";
import { LEGAL_DOCUMENTS, LEGAL_LINK_LABELS, type LegalPageKey, type LegalText } from "@/domain/legal/legal";
import { TRANSPARENCY_DOCUMENTS } from "@/domain/legal/transparency";

/** Every page's title, version and date: the legal texts' and the transparency pages'. */
export const LEGAL_PAGES = { ...LEGAL_DOCUMENTS, ...TRANSPARENCY_DOCUMENTS };

const OTHER_PAGES: ReadonlyArray<{ key: LegalPageKey; href: string; label: string }> = [
  { key: "privacy", href: paths.privacy.getHref(), label: LEGAL_LINK_LABELS.privacy },
  { key: "terms", href: paths.terms.getHref(), label: LEGAL_LINK_LABELS.terms },
  { key: "cookies", href: paths.cookies.getHref(), label: LEGAL_LINK_LABELS.cookies },
  { key: "rules", href: paths.rules.getHref(), label: LEGAL_LINK_LABELS.rules },
];

/**
 * One legal text from the domain: title, version and date, numbered sections (then `children`, e.g. a
 * contact link), links to the other legal pages and to 'Regole e trasparenza'.
 */
export function LegalDocument({ text, children }: { text: LegalText; children?: ReactNode }) {
  const meta = LEGAL_PAGES[text.key];
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${meta.title} · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{meta.title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        Versione {meta.version}, in vigore dal {meta.date}
      </p>
      <p className="mt-6 text-slate-800 leading-relaxed">{text.intro}</p>
      {text.sections.map((section, index) => (
        <section key={section.heading} className="mt-8" aria-labelledby={`legal-${index}`}>
          <h2 id={`legal-${index}`} className="text-lg font-semibold text-slate-900">
            {index + 1}. {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-slate-800 leading-relaxed">
              {paragraph}
            </p>
          ))}
          {section.items ? (
            <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-800 leading-relaxed">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {children}
      <nav aria-label="Altre note legali" className="mt-12 border-t border-slate-200 pt-6">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {OTHER_PAGES.filter((page) => page.key !== text.key).map((page) => (
            <li key={page.key}>
              <Link to={page.href} className="focus-ring rounded text-brand-800 underline">
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
