import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { CheckIcon } from "@/components/ui/icons";
import {
  formatEuro,
  LAUNCH_OFFER_YEARLY_PRICE_EUR,
  MERCHANT_MONTHLY_PRICE_EUR,
} from "@/domain/billing/pricing";
import { PRODUCT_NAME } from "@/domain/core/product";
import { cn } from "@/lib/cn";
import { SectionHeading } from "./section-heading";
import { StartLink } from "./start-link";

const included = [
  "Tutte le richieste della tua zona",
  "Offerte e chat con i clienti senza limiti",
  "Nessun catalogo da caricare o aggiornare",
  "Valutazioni dei clienti sul tuo profilo",
];

/** Merchant prices (spec §1, §9); the amounts come from src/domain/billing/pricing. */
export function Pricing() {
  return (
    <section id="prezzi" aria-labelledby="prezzi-titolo" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="prezzi-titolo"
          eyebrow="Prezzi"
          title="Un prezzo semplice, senza sorprese"
          lead={`Un abbonamento, tutto incluso. E per chi compra ${PRODUCT_NAME} è sempre gratis.`}
        />
        <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
          <PlanCard
            name="Abbonamento mensile"
            price={formatEuro(MERCHANT_MONTHLY_PRICE_EUR)}
            period="al mese"
            description="Per tutti i negozi e i professionisti."
          >
            <StartLink userType="merchant" variant="secondary" className="w-full">
              Inizia ora
            </StartLink>
          </PlanCard>
          <PlanCard
            highlighted
            name="Offerta di lancio"
            badge="Fase pilota"
            price={formatEuro(LAUNCH_OFFER_YEARLY_PRICE_EUR)}
            period="per il primo anno"
            description="Un anno intero di accesso illimitato, in collaborazione con l'associazione di categoria."
            note="Riservata, durante la fase pilota, ai negozianti associati all'associazione di categoria della città pilota."
          >
            <StartLink userType="merchant" className="w-full">
              Attiva l'offerta di lancio
            </StartLink>
          </PlanCard>
        </div>
      </div>
    </section>
  );
}

type PlanCardProps = {
  name: string;
  badge?: string;
  price: string;
  period: string;
  description: string;
  note?: string;
  highlighted?: boolean;
  children: ReactNode;
};

function PlanCard({
  name,
  badge,
  price,
  period,
  description,
  note,
  highlighted = false,
  children,
}: PlanCardProps) {
  return (
    <article
      aria-label={name}
      className={cn(
        "relative flex flex-col rounded-3xl bg-white p-5 shadow-sm sm:p-8",
        highlighted ? "border-2 border-brand-700 shadow-lg" : "border border-slate-200",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
        {badge ? <Badge tone="accent">{badge}</Badge> : null}
      </div>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{price}</span>
        <span className="text-base font-medium text-slate-600">{period}</span>
      </p>
      <p className="mt-3 text-slate-700">{description}</p>
      <ul className="mt-6 space-y-3 text-slate-700">
        {included.map((item) => (
          <li key={item} className="flex gap-3">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
            {item}
          </li>
        ))}
      </ul>
      {note ? <p className="mt-6 rounded-xl bg-accent-100 p-3 text-sm text-accent-900">{note}</p> : null}
      <div className="mt-auto pt-8">{children}</div>
    </article>
  );
}
