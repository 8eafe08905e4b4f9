import { MapPinIcon, SparklesIcon, StoreIcon } from "@/components/ui/icons";

// Marketing illustration of the idea (a request, two nearby offers), drawn with markup instead of an
// image so it is sharp, light and translatable. The figures are example copy, not data.
const exampleOffers = [
  { shop: "Ciclofficina Navigli", distance: "0,8 km", price: "180 €", note: "Revisionata, ritiro oggi" },
  { shop: "Bici Bonetti", distance: "2,1 km", price: "165 €", note: "Con luci e cavalletto" },
] as const;

export function RequestPreview() {
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-brand-200/60 via-brand-100/40 to-accent-100/60 blur-xl"
      />
      <div className="rounded-3xl border border-slate-200 bg-white p-4 shadow-xl sm:p-5">
        <div className="flex items-center gap-3 border-b border-slate-100 pb-3">
          <span className="inline-flex size-9 items-center justify-center rounded-full bg-brand-700 text-white">
            <SparklesIcon className="size-5" />
          </span>
          <div>
            <p className="text-sm font-semibold text-slate-900">Algo</p>
            <p className="text-xs text-slate-600">Il tuo assistente per gli acquisti</p>
          </div>
        </div>
        <div className="space-y-3 py-4 text-sm">
          <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-3.5 py-2.5 text-slate-800">
            Ciao! Cosa stai cercando oggi?
          </p>
          <p className="ml-auto max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-700 px-3.5 py-2.5 text-white">
            Una bici da città usata, taglia M, al massimo 200 €.
          </p>
        </div>
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Offerte dai negozi vicini
        </p>
        <ul className="mt-2 space-y-2">
          {exampleOffers.map((offer) => (
            <li
              key={offer.shop}
              className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-xs"
            >
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-100 text-accent-900">
                <StoreIcon className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-slate-900">{offer.shop}</p>
                <p className="mt-0.5 flex items-start gap-1 text-xs text-slate-600">
                  <MapPinIcon className="mt-px size-3.5 shrink-0" />
                  {offer.distance} · {offer.note}
                </p>
              </div>
              <p className="text-base font-bold text-brand-800">{offer.price}</p>
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="mt-4 text-center text-sm text-slate-600">
        Esempio: una richiesta e le prime offerte dei negozi vicini.
      </figcaption>
    </figure>
  );
}
