import { buttonClasses } from "@/components/ui/button";
import { ChatIcon, MapPinIcon, NoCatalogueIcon, StarIcon, StoreIcon, UsersIcon } from "@/components/ui/icons";
import { PRODUCT_NAME } from "@/domain/core/product";
import { type Feature, FeatureGrid } from "./components/feature-grid";
import { NearbyRequestsPreview } from "./components/nearby-requests-preview";
import { PageHero } from "./components/page-hero";
import { Pricing } from "./components/pricing";
import { SectionHeading } from "./components/section-heading";
import { StartLink } from "./components/start-link";

const advantages: readonly Feature[] = [
  {
    icon: NoCatalogueIcon,
    title: "Nessun catalogo da caricare",
    text: "Non devi fotografare né inserire i tuoi prodotti. Rispondi solo quando hai quello che il cliente cerca.",
  },
  {
    icon: MapPinIcon,
    title: "Solo richieste reali, vicino a te",
    text: "Vedi cosa cercano le persone della tua zona, entro il raggio che scegli, con budget e tempi già indicati.",
  },
  {
    icon: ChatIcon,
    title: "Chat diretta con il cliente",
    text: "Chiarisci i dettagli, proponi un'alternativa, fissa il ritiro: tutto nella stessa conversazione.",
  },
  {
    icon: StarIcon,
    title: "Valutazioni che contano",
    text: `Ogni vendita conclusa porta una valutazione. Un buon servizio diventa la tua reputazione su ${PRODUCT_NAME}.`,
  },
  {
    icon: StoreIcon,
    title: "Il cliente entra in negozio",
    text: "L'acquisto si conclude da te, di persona: un'occasione in più per farti conoscere e farlo tornare.",
  },
  {
    icon: UsersIcon,
    title: "Fai crescere il quartiere",
    text: "Chi compra trova sotto casa quello che cercava online. Tu torni a essere la prima scelta della zona.",
  },
];

/** `/negozianti`: the merchant page. Its buttons remember the 'merchant' choice and open /auth. */
export function MerchantsPage() {
  return (
    <>
      <title>{`Per i negozi · ${PRODUCT_NAME}`}</title>
      <PageHero
        eyebrow="Per negozi e professionisti"
        title="Clienti della tua zona che cercano proprio quello che vendi."
        lead={`Su ${PRODUCT_NAME} sono i clienti a dire cosa cercano. Tu leggi le richieste vicino al tuo negozio e, se hai quello che serve, mandi un'offerta con il tuo prezzo.`}
        actions={
          <>
            <StartLink userType="merchant">Registra il tuo negozio</StartLink>
            <a href="#prezzi" className={buttonClasses({ variant: "secondary", size: "lg" })}>
              Vedi i prezzi
            </a>
          </>
        }
        aside={<NearbyRequestsPreview />}
      />

      <section aria-labelledby="vantaggi-titolo" className="py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="vantaggi-titolo"
            eyebrow="Vantaggi"
            title="Vendi di più, senza lavoro in più"
            lead={`Niente vetrine online da tenere aggiornate: ${PRODUCT_NAME} ti porta le richieste, tu rispondi a quelle giuste.`}
          />
          <FeatureGrid features={advantages} />
        </div>
      </section>

      <Pricing />

      <section aria-labelledby="inizia-titolo" className="py-16 sm:py-20">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
          <h2 id="inizia-titolo" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            I tuoi prossimi clienti abitano qui vicino
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            Registra il tuo negozio e inizia a rispondere alle richieste della tua zona.
          </p>
          <StartLink userType="merchant" className="mt-8 w-full sm:w-auto">
            Inizia con {PRODUCT_NAME}
          </StartLink>
        </div>
      </section>
    </>
  );
}
