import type { Firestore, Transaction } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { PLAN_MESSAGES } from "@/domain/billing/plan-messages";
import { planStatus } from "@/domain/billing/plans";
import { FAILURE_REASONS, failureDetails } from "@/domain/boundary/errors";
import { readSubscription } from "./subscription-store";

/**
 * The plan half of the gate on offers and Leonardo (the other half is the verified shop): the shop's
 * plan gives access at `now` (the free month, a paid period, a renewal in its grace). Read in the
 * caller's transaction, so a plan that ends cannot race the offer it gates.
 */
export async function assertPlanAccess(
  tx: Transaction,
  db: Firestore,
  uid: string,
  now: Date,
): Promise<void> {
  const subscription = await readSubscription(tx, db, uid);
  if (!planStatus(subscription, now).hasAccess) {
    throw new HttpsError(
      "failed-precondition",
      PLAN_MESSAGES.planRequired,
      failureDetails(FAILURE_REASONS.planRequired),
    );
  }
}
