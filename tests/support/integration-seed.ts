import { type DocumentData, type Firestore, Timestamp } from "firebase-admin/firestore";
import { type AcceptedTerms, acceptedTermsOf } from "../../src/domain/marketplace/accepted-terms";
import { shopHoldTerms } from "../../src/domain/marketplace/deal-end";
import { checkDigitOf } from "../../src/domain/people/partita-iva";

/**
 * Documents the function tests (tests/integration) seed with the admin SDK, in the shapes the app and
 * the functions leave them. One home, so a new required field of users/{uid} is added once.
 */

/** A moment well before every test's "now": account creation, a shop's verification. */
export const EARLIER = Timestamp.fromDate(new Date("2025-01-01T10:00:00Z"));

/** users/{uid} as sign-up leaves it (e-mail `<uid>@example.it`, display name = uid unless `fields` says). */
export async function seedUserDoc(
  db: Firestore,
  uid: string,
  userType: "customer" | "merchant",
  fields: DocumentData = {},
): Promise<void> {
  await db.doc(`users/${uid}`).set(userDoc(uid, userType, fields));
}

/** The data seedUserDoc writes (for a seeder that writes in batches, such as the sweeps' bench). */
export function userDoc(
  uid: string,
  userType: "customer" | "merchant",
  fields: DocumentData = {},
): DocumentData {
  return {
    id: uid,
    uid,
    email: `${uid}@example.it`,
    displayName: uid,
    userType,
    createdAt: EARLIER,
    ...fields,
  };
}

/** The `shop` field of a merchant the server has verified (the rules open the feed to these only). */
export const VERIFIED_SHOP = {
  status: "verified",
  partitaIva: "00743110157",
  categories: ["casa"],
  verifiedAt: EARLIER,
} as const;

/** A Partita IVA of its own for each test shop (one Partita IVA, one shop account), check digit included. */
export function partitaIvaOf(uid: string): string {
  let hash = 7;
  for (const char of uid) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_000;
  const first = `0${String(hash).padStart(9, "0")}`;
  return `${first}${checkDigitOf(first)}`;
}

/**
 * What the buyer's app shows and sends with Accetta: the offer's terms as stored, with the hold's
 * fingerprint over the shop's address and hours from its public profile (deal-end.ts).
 */
export async function seenTerms(db: Firestore, offerId: string): Promise<AcceptedTerms> {
  const offer = (await db.doc(`offers/${offerId}`).get()).data() ?? {};
  const shop = (await db.doc(`profiles/${String(offer.merchantId)}`).get()).get("shop");
  return acceptedTermsOf(
    {
      price: offer.price,
      description: offer.description,
      deliveryOptions: offer.deliveryOptions,
      holdChoice: offer.holdChoice,
    },
    shopHoldTerms(shop),
  );
}
