import { z } from "zod";
import { requestCategorySchema } from "../core/enums.ts";
import { ADDRESS_MAX_LENGTH } from "../core/limits.ts";
import { weeklyHoursSchema } from "./opening-hours.ts";

/**
 * The shop's public page (/negozi/:shopId): what a buyer may know about a shop before walking in. The
 * shop writes its phone, its opening hours (days and times, opening-hours.ts) and notes on them on its
 * own users/{uid} (the profile page, under the rules'
 * isProfileEdit); syncProfile projects them, with the address and categories verifyShop wrote, into
 * profiles/{uid}.shop (publicShopSchema), which any signed-in user may read. completeTransaction writes
 * one review per rated purchase to profiles/{shopId}/reviews/{requestId} (reviewSchema) with the buyer's
 * first name only. firestore.rules mirrors the limits below.
 */

/** Phone: at most this many characters as typed (spaces, +, dots, dashes, brackets allowed). */
export const PHONE_MAX_LENGTH = 24;
/** A phone number has between these many digits (Italian landlines and mobiles, with +39). */
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;
/**
 * The free text beside the days and times: notes ('Chiuso ad agosto'), or hours written as text before
 * days and times existed ('Lun-Ven 9-19, Sab 9-13'), shown as they are. At most this many characters and lines.
 */
export const OPENING_HOURS_MAX_LENGTH = 300;
export const OPENING_HOURS_MAX_LINES = 8;
/** The latest reviews the shop page shows. */
export const SHOP_REVIEWS_SHOWN = 10;

export const SHOP_PAGE_MESSAGES = {
  phoneInvalid: "Inserisci un numero di telefono valido (es. 02 1234567 o +39 333 1234567)",
  openingHoursTooLong: `Le note sugli orari possono contenere al massimo ${OPENING_HOURS_MAX_LENGTH} caratteri e ${OPENING_HOURS_MAX_LINES} righe`,
  noReviews: "Ancora nessuna recensione",
  noReviewsHint: "Le recensioni arrivano dai clienti che hanno acquistato tramite Vicino.",
  /** A review whose purchase the shop checked at its till with the buyer's pickup code (pickup.ts). */
  verifiedPurchase: "Acquisto verificato",
  /** How each kind of rating weighs (docs/product.md, 'Come pesano le valutazioni'). */
  ratingRule:
    "Ogni cliente conta nella media al massimo una volta ogni 30 giorni per lo stesso negozio. Le valutazioni con «Acquisto verificato» (il negozio ha controllato il codice di ritiro in cassa) contano anche senza e-mail confermata; le altre solo se il cliente ha confermato la sua e-mail.",
  noPhone: "Telefono non indicato",
  noHours: "Orari non indicati",
  noCategories: "Categorie non indicate",
  notFound: "Negozio non trovato",
  notFoundHint: "Il link potrebbe essere sbagliato, oppure il negozio non è più su Vicino.",
  loadError: "Impossibile caricare la pagina del negozio. Riprova.",
  noRatings: "Nessuna valutazione",
  /** Who wrote a review when the buyer had no name. */
  anonymousReviewer: "Un cliente",
} as const;

/** Only digits and the separators people type in a phone number. */
const PHONE_CHARACTERS = /^\+?[0-9 ./()-]+$/;

export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return (
    value.length <= PHONE_MAX_LENGTH &&
    PHONE_CHARACTERS.test(value) &&
    digits >= PHONE_MIN_DIGITS &&
    digits <= PHONE_MAX_DIGITS
  );
}

/** The phone as stored: trimmed, runs of blanks as one space; empty means none. */
export const phoneSchema = z
  .string()
  .transform((value) => value.trim().replace(/\s+/g, " "))
  .refine((value) => value === "" || isPhoneNumber(value), { error: SHOP_PAGE_MESSAGES.phoneInvalid });

/** Opening hours as stored: trimmed lines, no blank ones; empty means none. */
export const openingHoursSchema = z
  .string()
  .transform((value) =>
    value
      .split(/\r?\n/)
      .map((line) => line.trim().replace(/\s+/g, " "))
      .filter(Boolean)
      .join("\n"),
  )
  .refine(
    (value) =>
      value.length <= OPENING_HOURS_MAX_LENGTH && value.split("\n").length <= OPENING_HOURS_MAX_LINES,
    { error: SHOP_PAGE_MESSAGES.openingHoursTooLong },
  );

/** profiles/{uid}.shop: the public part of a verified shop (never the Partita IVA). */
export const publicShopSchema = z.object({
  address: z.string().max(ADDRESS_MAX_LENGTH).optional(),
  categories: z.array(requestCategorySchema),
  phone: z.string().max(PHONE_MAX_LENGTH).optional(),
  openingHours: z.string().max(OPENING_HOURS_MAX_LENGTH).optional(),
  weeklyHours: weeklyHoursSchema.optional(),
});
export type PublicShop = z.infer<typeof publicShopSchema>;

/** The name a review carries: the buyer's first name, else the first word of the display name. */
export function reviewerFirstName(user: {
  firstName?: string | undefined;
  displayName?: string | undefined;
}): string {
  const first = user.firstName?.trim() || user.displayName?.trim().split(/\s+/)[0] || "";
  return first.slice(0, 40) || SHOP_PAGE_MESSAGES.anonymousReviewer;
}

/** The review document completeTransaction writes (without its id, the request's). */
export function reviewDocument<T>(input: {
  rating: number;
  comment?: string | undefined;
  buyer: { firstName?: string | undefined; displayName?: string | undefined };
  at: T;
  verifiedPurchase?: boolean | undefined;
  /** Set when the rating entered the average: when it stops counting. */
  countsUntil?: T | undefined;
}): {
  rating: number;
  comment?: string;
  buyerFirstName: string;
  createdAt: T;
  verifiedPurchase?: true;
  countsUntil?: T;
} {
  return {
    rating: input.rating,
    ...(input.comment ? { comment: input.comment } : {}),
    buyerFirstName: reviewerFirstName(input.buyer),
    createdAt: input.at,
    ...(input.verifiedPurchase ? { verifiedPurchase: true as const } : {}),
    ...(input.countsUntil ? { countsUntil: input.countsUntil } : {}),
  };
}

/** '4,5' — the average with one decimal, Italian style. */
export function formatAverageRating(average: number): string {
  return new Intl.NumberFormat("it-IT", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    average,
  );
}

/** '1 valutazione', '12 valutazioni'. */
export function ratingCountLabel(count: number): string {
  return count === 1 ? "1 valutazione" : `${count} valutazioni`;
}
