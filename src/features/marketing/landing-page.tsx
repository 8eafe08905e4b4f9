import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { ShoppingBagIcon, StoreIcon } from "@/components/ui/icons";
import { paths } from "@/config/paths";
import { PRODUCT_NAME } from "@/domain/core/product";
import { AudienceCard } from "./components/audience-card";
import { HowItWorks } from "./components/how-it-works";
import { MerchantCta } from "./components/merchant-cta";
import { RequestPreview } from "./components/request-preview";

/** `/` and `/landing`. */
export function LandingPage() {
  return (
    <>
      <title>{`${PRODUCT_NAME} · Chiedi cosa ti serve, i negozi vicini ti fanno un'offerta`}</title>
      <section
        aria-labelledby="hero-titolo"
        className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 to-white"
      >
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(var(--color-brand-200)_1px,transparent_1px)] [background-size:22px_22px] opacity-50 [mask-image:linear-gradient(to_bottom,black,transparent_70%)]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-16 sm:px-6 sm:pt-16 grid-cols-1 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-16 lg:px-8 lg:pt-20 lg:pb-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-100">
              Il mercato del quartiere, al contrario
            </p>
            <h1
              id="hero-titolo"
              className="mt-5 text-4xl leading-tight font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[3.4rem]"
            >
              Dici cosa ti serve. <span className="text-brand-700">I negozi vicini ti fanno un'offerta.</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-700">
              Chiedi ad Algo quello che cerchi, anche con una foto o a voce. I negozi e i professionisti della
              tua zona ti rispondono con un prezzo, e tu scegli con calma.
            </p>
            <div className="mt-8 grid gap-3 sm:grid-cols-2">
              <AudienceCard
                to={paths.buyers.getHref()}
                icon={ShoppingBagIcon}
                tone="brand"
                title="Sono un acquirente"
                text="Chiedi e ricevi offerte dai negozi vicini. Sempre gratis."
              />
              <AudienceCard
                to={paths.merchants.getHref()}
                icon={StoreIcon}
                tone="accent"
                title="Ho un negozio"
                text="Rispondi a richieste vere della tua zona, senza cataloghi."
              />
            </div>
            <p className="mt-6 flex flex-wrap items-center gap-3 text-slate-700">
              Hai già un account?
              <Link to={paths.auth.getHref()} className={buttonClasses({ variant: "secondary", size: "sm" })}>
                Accedi
              </Link>
            </p>
          </div>
          <RequestPreview />
        </div>
      </section>
      <HowItWorks />
      <MerchantCta />
    </>
  );
}
