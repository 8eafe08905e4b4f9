import { Link, useLocation } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { PRODUCT_NAME } from "@/domain/core/product";

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>{`Pagina non trovata · ${PRODUCT_NAME}`}</title>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Errore 404</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Pagina non trovata</h1>
      <p className="mt-3 text-slate-700">
        L'indirizzo <span className="font-mono text-sm break-all text-slate-900">{pathname}</span> non
        corrisponde a nessuna pagina di {PRODUCT_NAME}. Forse il link è sbagliato o la pagina è stata
        spostata.
      </p>
      <Link to={paths.home.getHref()} className={buttonClasses({ className: "mt-8" })}>
        Torna alla home
      </Link>
    </div>
  );
}
