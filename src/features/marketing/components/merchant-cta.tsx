import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { ArrowRightIcon, StoreIcon } from "@/components/ui/icons";
import { paths } from "@/config/paths";
import { PRODUCT_NAME } from "@/domain/core/product";

/** The merchant call to action of the landing page (spec §2). */
export function MerchantCta() {
  return (
    <section aria-labelledby="negozi-cta-titolo" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl bg-brand-800 px-5 py-10 text-white shadow-lg sm:px-10 sm:py-14">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-brand-600/40 blur-2xl"
          />
          <div className="relative grid grid-cols-1 items-center gap-8 lg:grid-cols-[minmax(0,1fr)_auto]">
            <div className="max-w-2xl">
              <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-100 uppercase">
                <StoreIcon className="size-5" />
                Per negozi e professionisti
              </p>
              <h2 id="negozi-cta-titolo" className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">
                Hai un negozio? I clienti della tua zona ti stanno già cercando.
              </h2>
              <p className="mt-3 text-brand-50 sm:text-lg">
                Su {PRODUCT_NAME} le persone arrivano con una richiesta precisa. Tu scegli a chi rispondere e
                con quale prezzo, senza caricare nessun catalogo.
              </p>
            </div>
            <Link
              to={paths.merchants.getHref()}
              className={buttonClasses({ variant: "inverse", size: "lg", className: "w-full sm:w-auto" })}
            >
              Scopri {PRODUCT_NAME} per i negozi
              <ArrowRightIcon />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
