import { formatEuro } from "../billing/pricing.ts";
import { displayProductName } from "../products/product-name.ts";
import type { NotificationKind } from "./notifications.ts";

/**
 * The Italian words of each notification kind: the collection's shape, ids and labels are in
 * notifications.ts. functions/src/notifications/notify.ts writes these into the notification and its
 * e-mail; a product is named as a name there ('«Bicicletta da città»', product-name.ts).
 */

/** What each kind's text needs. */
export type NotificationParams = {
  offer_received: { merchantName: string; productName: string; price: number };
  offer_accepted: { customerName: string; productName: string };
  offer_rejected: { productName: string; reason?: string };
  requests_nearby: { count: number; firstProductName: string };
  message_received: { senderName: string; preview: string };
  request_expiring: { productName: string };
  deal_cancelled: { customerName: string; productName: string; reason?: string };
  offer_withdrawn: { merchantName: string; productName: string };
  conversation_closed: { otherName: string; productName: string };
  hold_ending: { merchantName: string; productName: string; until: string };
  pickup_missed: { merchantName: string; productName: string };
  deal_closed: { productName: string; side: "customer" | "merchant" };
  /** count > 1: the summary of the requests that arrived while the shop was closed. */
  new_request: { productName: string; count: number };
  report_received: { kindLabel: string };
  /** The decision's words (people/decisions.ts decisionSummary): what was decided, on which grounds. */
  moderation_decision: { summary: string; reporter: boolean };
  appeal_decided: { summary: string };
};

/** A text cut to `max` characters with an ellipsis. */
function cut(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, " ");
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** The Italian title and body of a notification (the bell and the e-mail use the same words). */
export function notificationText<K extends NotificationKind>(
  kind: K,
  params: NotificationParams[K],
): { title: string; body: string } {
  const p = params as NotificationParams[NotificationKind] & Record<string, unknown>;
  const str = (key: string) => cut(String(p[key] ?? ""), 120);
  const product = (key: "productName" | "firstProductName") => displayProductName(str(key));
  const reason = typeof p.reason === "string" && p.reason.trim() ? ` Motivo: ${str("reason")}` : "";
  switch (kind) {
    case "offer_received":
      return {
        title: `Nuova offerta per «${product("productName")}»`,
        body: `${str("merchantName")} ti propone ${formatEuro(Number(p.price))}. Aprila per rispondere.`,
      };
    case "offer_accepted":
      return {
        title: `Offerta accettata: «${product("productName")}»`,
        body: `${str("customerName")} ha accettato la tua offerta. Scrivigli per accordarvi sul ritiro o la consegna.`,
      };
    case "offer_rejected":
      return {
        title: `Offerta non accettata: «${product("productName")}»`,
        body: `L'acquirente ha scelto di non accettare la tua offerta.${reason}`,
      };
    case "requests_nearby": {
      const count = Number(p.count);
      return count === 1
        ? {
            title: "Una nuova richiesta vicino a te",
            body: `Qualcuno cerca «${product("firstProductName")}».`,
          }
        : {
            title: `${count} nuove richieste vicino a te`,
            body: `Tra queste: «${product("firstProductName")}». Guarda se puoi fare un'offerta.`,
          };
    }
    case "message_received":
      return { title: `Nuovo messaggio da ${str("senderName")}`, body: cut(String(p.preview ?? ""), 160) };
    case "request_expiring":
      return {
        title: `La tua richiesta «${product("productName")}» scade presto`,
        body: "Scade entro 24 ore: rinnovala se stai ancora cercando.",
      };
    case "deal_cancelled":
      return {
        title: `Accordo annullato: «${product("productName")}»`,
        body: `${str("customerName")} ha annullato l'accordo.${reason}`,
      };
    case "offer_withdrawn":
      return {
        title: `Offerta ritirata: «${product("productName")}»`,
        body: `${str("merchantName")} ha ritirato la sua offerta. La tua richiesta resta aperta alle altre.`,
      };
    case "hold_ending":
      return {
        title: `Ritira «${product("productName")}» entro ${str("until")}`,
        body: `${str("merchantName")} te lo tiene da parte fino a ${str("until")}. Mostra il codice di ritiro in negozio.`,
      };
    case "pickup_missed":
      return {
        title: `Non ritirato: «${product("productName")}»`,
        body: `${str("merchantName")} ha segnato l'articolo come non ritirato: non è più tenuto da parte per te.`,
      };
    case "deal_closed":
      return {
        title: `Accordo chiuso: «${product("productName")}»`,
        body:
          p.side === "customer"
            ? "Nessun ritiro è stato verificato entro 14 giorni: l'accordo è chiuso. Se cerchi ancora, rinnova la richiesta."
            : "Nessun ritiro è stato verificato entro 14 giorni: l'accordo è chiuso e l'articolo non è più da tenere da parte.",
      };
    case "new_request": {
      const count = Number(p.count);
      return count > 1
        ? {
            title: `${count} nuove richieste vicino a te`,
            body: `Arrivate mentre eri chiuso, tra queste «${product("productName")}». Guarda se puoi fare un'offerta.`,
          }
        : {
            title: `Nuova richiesta vicino a te: ${product("productName")}`,
            body: "Tocca per fare la tua offerta.",
          };
    }
    case "report_received":
      return {
        title: "Abbiamo ricevuto la tua segnalazione",
        body: `${str("kindLabel")}: la esamineremo e ti scriveremo la decisione con i suoi motivi.`,
      };
    case "moderation_decision":
      return {
        title: p.reporter ? "Decisione sulla tua segnalazione" : "Una decisione dei moderatori ti riguarda",
        body: `${cut(String(p.summary ?? ""), 600)}${p.reporter ? "" : " Se non sei d'accordo puoi chiedere una revisione una volta, dal tuo profilo."}`,
      };
    case "appeal_decided":
      return { title: "Esito della tua richiesta di revisione", body: cut(String(p.summary ?? ""), 600) };
    case "conversation_closed":
      return {
        title: `Conversazione chiusa: «${product("productName")}»`,
        body: `L'account di ${str("otherName")} è stato sospeso dai moderatori: la conversazione è chiusa e le sue offerte in attesa non valgono più.`,
      };
  }
  return { title: "Notifica", body: "" };
}
