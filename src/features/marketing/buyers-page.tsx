import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import {
  CameraIcon,
  ChatIcon,
  CheckIcon,
  HeartIcon,
  MapPinIcon,
  ShoppingBagIcon,
  StarIcon,
  TagIcon,
} from "@/components/ui/icons";
import { PRODUCT_NAME } from "@/domain/core/product";
import { type Feature, FeatureGrid } from "./components/feature-grid";
import { HowItWorks } from "./components/how-it-works";
import { PageHero } from "./components/page-hero";
import { RequestPreview } from "./components/request-preview";
import { SectionHeading } from "./components/section-heading";
import { StartLink } from "./components/start-link";

const features: readonly Feature[] = [
  {
    icon: HeartIcon,
    title: "Sempre gratis",
    text: `Per chi compra ${PRODUCT_NAME} non costa nulla, né oggi né domani: niente abbonamenti, niente costi nascosti.`,
  },
  {
    icon: CameraIcon,
    title: "Algo ti ascolta",
    text: "Scrivi, scatta una foto o parla a voce. Algo capisce cosa cerchi e ti chiede solo quello che serve.",
  },
  {
    icon: TagIcon,
    title: "Offerte dai negozi vicini",
    text: "Ricevi proposte con prezzo, tempi e ritiro o consegna da negozi e professionisti a pochi passi da te.",
  },
  {
    icon: ChatIcon,
    title: "Chat con il negozio",
    text: "Fai domande, chiedi un dettaglio in più e mettetevi d'accordo prima ancora di uscire di casa.",
  },
  {
    icon: StarIcon,
    title: "Valuta il negozio",
    text: "Dopo l'acquisto dai da una a cinque stelle e lasci un commento: così i negozi migliori si fanno notare.",
  },
  {
    icon: ShoppingBagIcon,
    title: "Compri in negozio",
    text: "Il prodotto lo vedi e lo compri di persona, nel negozio che hai scelto tu. E intanto il quartiere vive.",
  },
];

const promises = ["Nessun costo per te", "Rispondono solo negozi vicini", "Decidi tu se e da chi comprare"];

/** `/acquirenti`: the buyer page. Its button remembers the 'customer' choice and opens /auth. */
export function BuyersPage() {
  return (
    <>
      <title>{`Per chi compra · ${PRODUCT_NAME}`}</title>
      <PageHero
        eyebrow={
          <>
            <span>Per chi compra</span>
            <Badge tone="brand" className="normal-case tracking-normal">
              Sempre gratis
            </Badge>
          </>
        }
        title="Chiedi una volta, ricevi offerte dai negozi vicini."
        lead="Descrivi quello che cerchi ad Algo e lascia che siano i negozi della tua zona a proporti un prezzo. Tu confronti, chiedi in chat e scegli."
        actions={
          <>
            <StartLink userType="customer">Inizia gratis</StartLink>
            <a href="#come-funziona" className={buttonClasses({ variant: "secondary", size: "lg" })}>
              Come funziona
            </a>
          </>
        }
        aside={<RequestPreview />}
      />

      <section aria-labelledby="vantaggi-titolo" className="py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="vantaggi-titolo"
            eyebrow={`Perché ${PRODUCT_NAME}`}
            title="Tutto quello che ti serve, a due passi"
            lead="Meno ricerche, meno giri a vuoto. Più tempo per te, e più lavoro per i negozi del quartiere."
          />
          <FeatureGrid features={features} />
        </div>
      </section>

      <HowItWorks />

      <section aria-labelledby="inizia-titolo" className="py-16 sm:py-20">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
          <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-100 text-brand-800">
            <MapPinIcon className="size-6" />
          </span>
          <h2
            id="inizia-titolo"
            className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            Cosa stai cercando oggi?
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            Crea il tuo account in un minuto e fai la tua prima richiesta ad Algo.
          </p>
          <ul className="mt-6 flex flex-col items-center gap-2 text-slate-700 sm:flex-row sm:flex-wrap sm:justify-center sm:gap-x-6">
            {promises.map((promise) => (
              <li key={promise} className="inline-flex items-center gap-2 whitespace-nowrap">
                <CheckIcon className="size-5 text-brand-700" />
                {promise}
              </li>
            ))}
          </ul>
          <StartLink userType="customer" className="mt-8 w-full sm:w-auto">
            Crea il tuo account gratis
          </StartLink>
        </div>
      </section>
    </>
  );
}
