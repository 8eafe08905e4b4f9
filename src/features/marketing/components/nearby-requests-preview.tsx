import { MapPinIcon } from "@/components/ui/icons";

// Marketing illustration of the merchant's side: requests from people nearby. Example copy, not data.
const exampleRequests = [
  { product: "Trapano avvitatore a batteria", distance: "900 m", budget: "80–120 €", when: "Entro oggi" },
  {
    product: "Scarpe da trekking, numero 42",
    distance: "1,4 km",
    budget: "fino a 110 €",
    when: "In settimana",
  },
  { product: "Cornice 50×70 in legno chiaro", distance: "2,3 km", budget: "30–50 €", when: "Entro 48 ore" },
] as const;

export function NearbyRequestsPreview() {
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-accent-100/70 via-brand-100/50 to-brand-200/60 blur-xl"
      />
      <div className="rounded-3xl border border-slate-200 bg-white p-4 shadow-xl sm:p-5">
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 pb-3">
          <p className="text-sm font-semibold text-slate-900">Richieste vicino al tuo negozio</p>
          <span className="shrink-0 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-green-800">
            3 nuove
          </span>
        </div>
        <ul className="mt-3 space-y-2">
          {exampleRequests.map((request) => (
            <li key={request.product} className="rounded-2xl border border-slate-200 p-3">
              <p className="text-sm font-semibold text-slate-900">{request.product}</p>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                <span className="inline-flex items-center gap-1">
                  <MapPinIcon className="size-3.5" />
                  {request.distance}
                </span>
                <span>Budget {request.budget}</span>
                <span>{request.when}</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="mt-4 text-center text-sm text-slate-600">
        Esempio: le richieste che un negozio vede nella sua zona.
      </figcaption>
    </figure>
  );
}
