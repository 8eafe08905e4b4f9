import { ASSISTANT_NAME, type UserType } from "../core/user-roles.ts";
import { formatTokens, MONTHLY_TOKEN_ALLOWANCE, TOKEN_COSTS } from "./tokens.ts";

/**
 * The token wallet's words: the badge (every page that spends tokens) and the wallet on /profile open
 * the one purchase dialog, at any balance; the badge's own 'Acquista token' button shows at 2 tokens or
 * fewer (spec §9), as a nudge.
 */
export const TOKEN_WALLET_COPY = {
  buy: "Acquista token",
  opening: "Apertura dell'acquisto di token…",
  badgeHint: "Apre l'acquisto di altri token",
  title: "I tuoi token",
  balance: "Saldo",
  costsTitle: "Quanto costa",
  neverExpire: "I token acquistati non scadono.",
} as const;

/** The badge's accessible name, e.g. '1,5 token AI': it holds the visible text ('1,5 token'), as WCAG 2.5.3 asks. */
export const tokenBadgeLabel = (balance: number) => `${formatTokens(balance)} token AI`;

/** The dialog's lead: the balance and that bought tokens never expire. */
export const purchaseDialogLead = (balance: number) =>
  `Hai ${formatTokens(balance)} token. ${TOKEN_WALLET_COPY.neverExpire}`;

export const monthlyAllowanceNote = (userType: UserType) =>
  `Ogni mese ricevi ${MONTHLY_TOKEN_ALLOWANCE[userType]} token gratuiti.`;

const tokensText = (amount: number) => `${formatTokens(amount)} token`;

/** What the role's AI work costs (spec §9), as the wallet lists it. */
export function tokenCostLines(userType: UserType): readonly string[] {
  if (userType === "merchant") {
    return [
      `Una descrizione dell'offerta scritta da ${ASSISTANT_NAME.merchant}: ${tokensText(TOKEN_COSTS.description_generation)}`,
    ];
  }
  return [
    `Un messaggio ad Algo: ${tokensText(TOKEN_COSTS.text_chat)}`,
    `Una foto guardata da Algo: ${tokensText(TOKEN_COSTS.image_analysis)}`,
    "Compilare la richiesta da solo ('Compila tu'): gratis",
  ];
}
