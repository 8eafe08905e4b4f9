import { HttpsError } from "firebase-functions/https";
import {
  NO_SHOW_REFUSALS,
  type PickupTally,
  readPickupRecordInputSchema,
  readPickupTally,
} from "@/domain/marketplace/pickup-record";
import { OFFER_STATUS } from "@/domain/marketplace/state-machine";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { type DealDeps, offerRef, readOffer, runDeal } from "./deal-store";
import { pickupRecordRef } from "./pickup-record";

/**
 * readPickupRecord({offerId}) → {collected, missed}: the buyer's pickup record as it stands now, read
 * when the shop's deal panel shows it ('Ritiri del cliente'), not the copy taken when the offer was
 * sent. Only the offer's shop, and only while its offer is pending or accepted (a shop with a live deal
 * with this buyer); two reads, no write.
 */
export async function readPickupRecordFor(uid: string, data: unknown, deps: DealDeps): Promise<PickupTally> {
  const { offerId } = parseCallableInput(readPickupRecordInputSchema, data);
  const snapshot = await offerRef(deps.db, offerId).get();
  const offer = readOffer(snapshot);
  const live = offer.status === OFFER_STATUS.pending || offer.status === OFFER_STATUS.accepted;
  if (offer.merchantId !== uid || !live)
    throw new HttpsError("permission-denied", NO_SHOW_REFUSALS.notYourDeal);
  const customerId = snapshot.get("customerId");
  if (typeof customerId !== "string" || !customerId) return { collected: 0, missed: 0 };
  return readPickupTally((await pickupRecordRef(deps.db, customerId).get()).data());
}

export const readPickupRecord = guardedCall(
  ACCOUNT_GUARD.shop,
  sized("readPickupRecord", callableOptions),
  (request): Promise<PickupTally> =>
    runDeal("readPickupRecord", request.auth?.uid, NO_SHOW_REFUSALS.failed, (uid) =>
      readPickupRecordFor(uid, request.data, { db: adminDb(), now: () => new Date() }),
    ),
);
