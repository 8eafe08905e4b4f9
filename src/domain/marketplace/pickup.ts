import { z } from "zod";
import { idSchema } from "../core/fields.ts";

/**
 * The pickup code of an accepted deal ('Acquisto verificato'): acceptOffer writes one
 * pickupCodes/{offerId} document that only the buyer reads (firestore.rules); at the till the shop types
 * it and verifyPickup (functions/src/deals/verify-pickup.ts) checks it in a transaction — bound to the
 * deal, the deal's shop only, used once, PICKUP_MAX_WRONG_TRIES wrong tries and then a wait.
 */

/** No 0/O, 1/I/L, 5/S, 2/Z, 8/B: what a shop reads off a phone must not be ambiguous. */
export const PICKUP_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const PICKUP_CODE_LENGTH = 6;
export const PICKUP_MAX_WRONG_TRIES = 5;
export const PICKUP_LOCK_MINUTES = 15;
export const PICKUP_LOCK_MS = PICKUP_LOCK_MINUTES * 60 * 1000;

/** A code from random integers in [0, PICKUP_ALPHABET.length) (the functions pass crypto.randomInt). */
export function pickupCodeFrom(randomIndex: (size: number) => number): string {
  let code = "";
  for (let i = 0; i < PICKUP_CODE_LENGTH; i++) code += PICKUP_ALPHABET[randomIndex(PICKUP_ALPHABET.length)];
  return code;
}

/** What the shop typed, as the code is stored: upper case, spaces and dashes dropped. */
export function normalizePickupCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

export const PICKUP_MESSAGES = {
  show: "Mostra il codice di ritiro",
  hide: "Nascondi il codice",
  codeTitle: "Il tuo codice di ritiro",
  codeHint: "Mostralo al negozio quando ritiri: lo trovi qui anche senza connessione.",
  qrLabel: "Codice QR del codice di ritiro",
  codeUnavailable: "Il codice di ritiro non è disponibile. Riprova tra poco.",
  verify: "Verifica il codice",
  codeField: "Codice di ritiro",
  confirm: "Verifica",
  cancel: "Annulla",
  verified: "Acquisto verificato",
  verifiedBuyerHint:
    "Il negozio ha verificato il tuo ritiro: l'acquisto è completato. Se vuoi, valuta il negozio.",
  verifiedShopHint: "Ritiro verificato: l'acquisto è completato. Il cliente può ancora valutarlo.",
  /** Posted in the deal's chat in the shop's name when the code is accepted (both sides read it live). */
  verifiedChat: "Acquisto verificato: ritiro confermato in negozio con il codice.",
  wrongCode: (left: number) =>
    left > 0
      ? `Codice non valido. Controlla e riprova (${left} ${left === 1 ? "tentativo rimasto" : "tentativi rimasti"}).`
      : `Codice non valido. Troppi tentativi: riprova tra ${PICKUP_LOCK_MINUTES} minuti.`,
  locked: (minutes: number) =>
    `Troppi tentativi sbagliati. Riprova tra ${minutes} ${minutes === 1 ? "minuto" : "minuti"}.`,
  alreadyUsed: "Questo codice è già stato usato: l'acquisto è già verificato.",
  notYourDeal: "Questo codice non riguarda una tua offerta accettata.",
  notAccepted: "La trattativa non è in corso: il codice non si può più usare.",
  malformed: `Il codice ha ${PICKUP_CODE_LENGTH} caratteri (lettere e numeri).`,
  failed: "Impossibile verificare il codice. Riprova.",
  scan: "Inquadra il QR",
  scanStop: "Chiudi la fotocamera",
  scanHint: "Inquadra il QR del cliente: il codice si compila da solo.",
  cameraRefused: "Non possiamo usare la fotocamera: scrivi il codice a mano.",
  /** What the shops that did not win read once the buyer accepts another offer. */
  boughtElsewhere: "Acquistato altrove",
} as const;

/** What a kept code is for, on the offline page: 'Lampada da scrivania LED · Elettronica Navigli'. */
export function pickupLabel(productName: string, merchantName: string | undefined): string {
  const shop = merchantName?.trim();
  return shop ? `${productName} · ${shop}` : productName;
}

export const verifyPickupInputSchema = z.object({
  offerId: idSchema,
  code: z
    .string()
    .transform(normalizePickupCode)
    .pipe(
      z
        .string()
        .length(PICKUP_CODE_LENGTH, { error: PICKUP_MESSAGES.malformed })
        .regex(new RegExp(`^[${PICKUP_ALPHABET}]+$`), { error: PICKUP_MESSAGES.malformed }),
    ),
});
export type VerifyPickupInput = z.input<typeof verifyPickupInputSchema>;
export const verifyPickupOutputSchema = z.object({
  offerId: idSchema,
  requestId: idSchema,
  verifiedPurchase: z.literal(true),
});
export type VerifyPickupOutput = z.infer<typeof verifyPickupOutputSchema>;

/** pickupCodes/{offerId} as the buyer reads it (the functions write it; attempts are theirs too). */
export const pickupCodeSchema = z.object({
  code: z.string().length(PICKUP_CODE_LENGTH),
  offerId: idSchema,
  requestId: idSchema,
  customerId: idSchema,
  merchantId: idSchema,
});
export type PickupCode = z.infer<typeof pickupCodeSchema>;

/** The stored state a try is judged against. */
export type PickupState = {
  code: string;
  usedAt?: Date | undefined;
  wrongTries: number;
  lockedUntil?: Date | undefined;
};

export type PickupAttempt =
  | { ok: true }
  | { ok: false; reason: "used" }
  | { ok: false; reason: "locked"; minutesLeft: number }
  | { ok: false; reason: "wrong"; wrongTries: number; lockedUntil?: Date; left: number };

/**
 * One try at the till: a used code refuses everything; a locked one refuses until lockedUntil; a wrong
 * code counts, and the PICKUP_MAX_WRONG_TRIES-th starts a PICKUP_LOCK_MS wait and resets the count.
 */
export function judgePickupAttempt(state: PickupState, typed: string, now: Date): PickupAttempt {
  if (state.usedAt) return { ok: false, reason: "used" };
  if (state.lockedUntil && state.lockedUntil.getTime() > now.getTime()) {
    const minutesLeft = Math.max(1, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 60_000));
    return { ok: false, reason: "locked", minutesLeft };
  }
  if (typed === state.code) return { ok: true };
  const tries = state.wrongTries + 1;
  if (tries >= PICKUP_MAX_WRONG_TRIES) {
    return {
      ok: false,
      reason: "wrong",
      wrongTries: 0,
      lockedUntil: new Date(now.getTime() + PICKUP_LOCK_MS),
      left: 0,
    };
  }
  return { ok: false, reason: "wrong", wrongTries: tries, left: PICKUP_MAX_WRONG_TRIES - tries };
}

/** Why the till was refused: what the HttpsError's details carry, so the app words it (pickupRefusal). */
export type PickupRefusal =
  | { reason: "used" }
  | { reason: "locked"; minutesLeft: number }
  | { reason: "wrong"; left: number }
  | { reason: "notYourDeal" }
  | { reason: "notAccepted" };

/** The Italian refusal. */
export function pickupRefusal(refusal: PickupRefusal): string {
  switch (refusal.reason) {
    case "used":
      return PICKUP_MESSAGES.alreadyUsed;
    case "locked":
      return PICKUP_MESSAGES.locked(refusal.minutesLeft);
    case "wrong":
      return PICKUP_MESSAGES.wrongCode(refusal.left);
    case "notYourDeal":
      return PICKUP_MESSAGES.notYourDeal;
    case "notAccepted":
      return PICKUP_MESSAGES.notAccepted;
  }
}

export const PICKUP_FAILURE_REASON = "pickup-refused";

/** The HttpsError details of a refusal (errors.ts failureDetails' shape, with the refusal itself). */
export const pickupDetails = (refusal: PickupRefusal) => ({ reason: PICKUP_FAILURE_REASON, refusal });

const refusalSchema = z.discriminatedUnion("reason", [
  z.object({ reason: z.literal("used") }),
  z.object({ reason: z.literal("locked"), minutesLeft: z.number().int().min(1) }),
  z.object({ reason: z.literal("wrong"), left: z.number().int().min(0) }),
  z.object({ reason: z.literal("notYourDeal") }),
  z.object({ reason: z.literal("notAccepted") }),
]);

/** The Italian text of a verifyPickup refusal (on the error or the one it wraps), if it is one. */
export function pickupRefusalMessage(error: unknown, depth = 3): string | undefined {
  const failure = error as { details?: unknown; cause?: unknown } | null | undefined;
  const details = failure?.details as { reason?: unknown; refusal?: unknown } | null | undefined;
  if (details?.reason === PICKUP_FAILURE_REASON) {
    const parsed = refusalSchema.safeParse(details.refusal);
    if (parsed.success) return pickupRefusal(parsed.data);
  }
  return depth > 0 && failure?.cause !== undefined
    ? pickupRefusalMessage(failure.cause, depth - 1)
    : undefined;
}
