import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";

/**
 * What the user sees when rendering fails. Plain <a> links (full page loads), because the router
 * or the React tree itself may be what broke.
 */
export function ErrorFallback() {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-sm font-semibold tracking-wide text-red-700 uppercase">Errore</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Qualcosa è andato storto</h1>
      <p className="mt-3 text-slate-700">
        Si è verificato un problema imprevisto nel caricare la pagina. Ricaricala: se il problema continua,
        riprova tra qualche minuto.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={typeof window === "undefined" ? "/" : window.location.href} className={buttonClasses()}>
          Ricarica la pagina
        </a>
        <a href={paths.home.getHref()} className={buttonClasses({ variant: "secondary" })}>
          Torna alla home
        </a>
      </div>
    </div>
  );
}
