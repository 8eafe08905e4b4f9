import { ALGO_DAILY_TURN_CAP_UNPROVEN } from "../core/limits.ts";

/**
 * A buyer whose e-mail address is not proven publishes requests that wait ('In attesa di conferma
 * e-mail', state-machine.ts awaiting_email): the card says why and sends the proof link again in one
 * tap (the magic link, the same step shops take before verification).
 */
export const EMAIL_PROOF_COPY = {
  heldWhy:
    "I negozi non vedono ancora questa richiesta: prima conferma il tuo indirizzo e-mail. Appena apri il link che ti mandiamo, la richiesta arriva ai negozi vicini.",
  heldAlgoCap: `Finché non confermi l'indirizzo puoi scrivere ad Algo al massimo ${ALGO_DAILY_TURN_CAP_UNPROVEN} volte al giorno.`,
  resend: "Mandami di nuovo il link",
} as const;

/** After the link was sent again. */
export const proofLinkSent = (email: string) =>
  `Ti abbiamo mandato un link a ${email}: aprilo per confermare e pubblicare la richiesta.`;

/**
 * The one-tap proof step wherever it is offered: the shop's verification, /profile, the rating. The
 * link is the magic link (createMagicLink): opening it signs in and marks the address verified.
 */
export const EMAIL_PROOF_STEP = {
  sendLink: "Mandami il link di conferma",
  confirmed: "E-mail confermata",
  pending: "Non hai ancora confermato il tuo indirizzo e-mail.",
  /** /profile: the row's label and its two values. */
  statusLabel: "Conferma dell'e-mail",
  statusConfirmed: "Confermata",
  statusPending: "Da confermare",
  /** /profile, for a buyer: what the proof changes for them. */
  buyerWhy:
    "Confermalo con un tocco: ti mandiamo un link, basta aprirlo. Così le tue valutazioni contano nella media dei negozi e le tue richieste arrivano subito ai negozi vicini.",
  /** /profile, for a shop. */
  merchantWhy:
    "Confermalo con un tocco: ti mandiamo un link, basta aprirlo. Serve per la verifica del negozio.",
} as const;

/** After 'Mandami il link di conferma'. */
export const confirmLinkSent = (email: string) =>
  `Ti abbiamo mandato un link a ${email}: aprilo per confermare.`;
