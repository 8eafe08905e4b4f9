import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { PRODUCT_NAME } from "@/domain/product";

/**
 * The one placeholder for every route whose feature is not built yet. It says so plainly:
 * no fake dashboards, no placeholder users.
 */
export function ComingSoonPage({ section }: { section: string }) {
  return (
    <section
      aria-labelledby="in-arrivo-titolo"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28"
    >
      <title>{`${section} (in arrivo) · ${PRODUCT_NAME}`}</title>
      <Badge tone="accent">In arrivo</Badge>
      <h1 id="in-arrivo-titolo" className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
        {section}
      </h1>
      <p className="mt-3 text-slate-700">
        Questa sezione è in costruzione: la stiamo preparando e sarà disponibile a breve. Nel frattempo puoi
        scoprire come funziona {PRODUCT_NAME}.
      </p>
      <Link to={paths.home.getHref()} className={buttonClasses({ className: "mt-8" })}>
        Torna alla home
      </Link>
    </section>
  );
}
