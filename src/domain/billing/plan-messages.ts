import type { PlanState } from "./plans.ts";
import { formatEuro, LAUNCH_OFFER_YEARLY_PRICE_EUR, MERCHANT_MONTHLY_PRICE_EUR } from "./pricing.ts";

/** The plan page's and the gate's Italian texts. */

export const PLAN_STATE_LABELS: Readonly<Record<PlanState, string>> = {
  prova: "Prova gratuita",
  attivo: "Attivo",
  in_scadenza: "In scadenza",
  scaduto: "Scaduto",
  annullato: "Annullato",
};

export const PLAN_MESSAGES = {
  /** The gate of submitOffer and Leonardo. */
  planRequired:
    "Per fare offerte serve un piano attivo: il mese di prova è finito. Scegli un piano nella pagina Abbonamento.",
  launchCodeRequired: "Inserisci il codice dell'associazione per l'offerta di lancio.",
  launchCodeNotFound: "Codice non valido: controlla di averlo scritto bene.",
  launchCodeUsed: "Questo codice è già stato usato.",
  /** The webhook found the code redeemed by another shop when this shop's payment arrived. */
  launchRefunded:
    "Il tuo codice dell'associazione era già stato usato da un altro negozio quando è arrivato il pagamento: l'offerta di lancio non è stata attivata e ti rimborsiamo l'intero importo.",
  launchCodeExpired: "Questo codice è scaduto.",
  launchCodeWrongCity: "Questo codice vale solo per i negozi della città del progetto pilota.",
  alreadySubscribed: "Hai già un abbonamento mensile attivo.",
  monthlyActiveForLaunch:
    "Hai un abbonamento mensile attivo: annullalo prima di attivare l'offerta di lancio.",
  resumeInstead: "Il tuo abbonamento è ancora attivo: riattiva il rinnovo invece di abbonarti di nuovo.",
  nothingToCancel: "Non c'è un abbonamento mensile da annullare.",
  nothingToResume: "Non c'è un abbonamento da riattivare.",
  noCustomer: "Non hai ancora un metodo di pagamento registrato.",
  checkoutFailed: "Non siamo riusciti ad avviare il pagamento. Riprova.",
  billingFailed: "Non siamo riusciti ad aggiornare l'abbonamento. Riprova.",
  verifiedShopsOnly: "Solo un negozio verificato può scegliere un piano.",
  loadPlan: "Non siamo riusciti a caricare il tuo piano. Riprova.",
  loadPayments: "Non siamo riusciti a caricare i pagamenti. Riprova.",
  simulatedOnly: "Il pagamento simulato è disponibile solo in locale.",
} as const;

export const PLAN_COPY = {
  title: "Abbonamento",
  monthlyName: "Mensile",
  monthlyPrice: `${formatEuro(MERCHANT_MONTHLY_PRICE_EUR)} al mese, IVA inclusa`,
  monthlyNote:
    "Si rinnova ogni mese. Puoi annullarlo quando vuoi: resta attivo fino alla fine del mese pagato.",
  launchName: "Offerta di lancio",
  launchPrice: `${formatEuro(LAUNCH_OFFER_YEARLY_PRICE_EUR)} per 12 mesi, IVA inclusa`,
  launchNote:
    "Riservata ai negozi associati all'associazione di categoria partner nella città del progetto pilota. Serve il codice che ti ha dato l'associazione.",
  trialNote: "Il primo mese è gratuito per ogni negozio verificato: vedi le richieste vere prima di pagare.",
  subscribe: "Abbonati a 9,90 € al mese",
  redeem: "Attiva l'offerta di lancio",
  codeLabel: "Codice associazione",
  cancel: "Annulla il rinnovo",
  resume: "Riattiva il rinnovo",
  portal: "Gestisci carta e fatture",
  payments: "Pagamenti",
  noPayments: "Nessun pagamento finora.",
  net: "Imponibile",
  vat: "IVA 22%",
  total: "Totale",
  receipt: "Ricevuta",
  simulatedBanner: "Pagamenti simulati: nessun addebito reale (ambiente locale).",
  simulatedConfirm: "Conferma il pagamento simulato",
  paymentDone: "Pagamento ricevuto: il piano si aggiorna tra pochi secondi.",
  simulatedPortal:
    "Portale clienti simulato: con Stripe qui si apre la sua pagina per cambiare carta e scaricare le fatture.",
  gateRedirect: "Per inviare l'offerta serve un piano attivo. La tua bozza è salvata.",
} as const;

function day(date: Date): string {
  return date.toLocaleDateString("it-IT", { day: "numeric", month: "long", year: "numeric" });
}

/** One line under the state: what happens next and when. */
export function planStatusLine(
  status: { state: PlanState; endsAt: Date | null; renewsAt: Date | null },
  now: Date,
): string {
  const { state, endsAt, renewsAt } = status;
  if (state === "prova" && endsAt) return `Prova gratuita fino al ${day(endsAt)}.`;
  if (renewsAt && state === "attivo") return `Si rinnova il ${day(renewsAt)}.`;
  if (renewsAt && state === "in_scadenza")
    return `Il pagamento del rinnovo non è riuscito: aggiorna la carta entro il ${day(renewsAt)}.`;
  if (state === "annullato" && endsAt && endsAt.getTime() > now.getTime())
    return `Annullato: resta attivo fino al ${day(endsAt)}.`;
  if ((state === "attivo" || state === "in_scadenza") && endsAt) return `Attivo fino al ${day(endsAt)}.`;
  if (endsAt) return `Terminato il ${day(endsAt)}. Scegli un piano per tornare a fare offerte.`;
  return "Nessun piano attivo. Scegli un piano per fare offerte.";
}

/** The dashboard's warning, PLAN_WARNING_DAYS (plans.ts) before access ends without renewal. */
export function planEndingWarning(daysLeft: number): string {
  if (daysLeft <= 1) return "Il tuo piano termina domani: rinnovalo per continuare a fare offerte.";
  return `Il tuo piano termina tra ${daysLeft} giorni: rinnovalo per continuare a fare offerte.`;
}
