import type { ReactNode } from "react";
import { CameraIcon, ChatIcon, MapPinIcon, MicIcon, ShoppingBagIcon, TagIcon } from "@/components/ui/icons";
import { SectionHeading } from "./section-heading";

const inputModes = [
  { icon: ChatIcon, label: "Testo" },
  { icon: CameraIcon, label: "Foto" },
  { icon: MicIcon, label: "Voce" },
] as const;

/** The three steps of spec §2: ASK, RECEIVE, BUY. */
export function HowItWorks({ id = "come-funziona" }: { id?: string }) {
  const headingId = `${id}-titolo`;
  return (
    <section id={id} aria-labelledby={headingId} className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id={headingId}
          eyebrow="Come funziona"
          title="Tre passi, e il negozio giusto lo trovi sotto casa"
          lead="Non devi girare tra vetrine e siti: chiedi una volta sola e lasci che siano i negozi a risponderti."
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          <Step number={1} title="Chiedi" icon={<ChatIcon className="size-6" />}>
            <p>
              Racconta ad Algo, il nostro assistente, cosa ti serve: scrivi, manda una foto o parla a voce. Ti
              fa qualche domanda e prepara la richiesta al posto tuo.
            </p>
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Puoi chiedere con">
              {inputModes.map(({ icon: Icon, label }) => (
                <li
                  key={label}
                  className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800"
                >
                  <Icon className="size-4" />
                  {label}
                </li>
              ))}
            </ul>
          </Step>
          <Step number={2} title="Ricevi" icon={<TagIcon className="size-6" />}>
            <p>
              I negozi e i professionisti della tua zona vedono la richiesta e ti mandano offerte con il
              prezzo. Hai un dubbio? Chiedi direttamente in chat.
            </p>
          </Step>
          <Step number={3} title="Compra" icon={<ShoppingBagIcon className="size-6" />}>
            <p>
              Scegli l'offerta che ti convince, vai in negozio e compra. Poi lascia una valutazione, così
              aiuti anche gli altri a scegliere.
            </p>
            <p className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600">
              <MapPinIcon className="size-4 text-brand-700" />
              Sempre vicino a te
            </p>
          </Step>
        </ol>
      </div>
    </section>
  );
}

type StepProps = { number: number; title: string; icon: ReactNode; children: ReactNode };

function Step({ number, title, icon, children }: StepProps) {
  return (
    <li className="relative rounded-(--radius-card) border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white shadow-sm">
          {icon}
        </span>
        <span className="text-sm font-semibold text-slate-600">Passo {number}</span>
      </div>
      <h3 className="mt-5 text-xl font-extrabold tracking-wider text-slate-900 uppercase">{title}</h3>
      <div className="mt-2 text-slate-700">{children}</div>
    </li>
  );
}
