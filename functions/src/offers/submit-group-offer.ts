import { HttpsError } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import {
  GROUP_OFFER_MESSAGES,
  type GroupOfferOutput,
  type GroupOfferResult,
  groupOfferInputSchema,
} from "@/domain/marketplace/group-offer";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { runDeal } from "../deals/deal-store";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { cloudEmailQueue } from "../notifications/email-queue";
import { type SubmitOfferDeps, submitOfferFor } from "./submit-offer";

/**
 * 'Un'offerta per tutti': one shop's terms sent to several similar requests. Each request gets its own
 * offer through submitOfferFor, in its own transaction with all of submitOffer's checks (verified shop,
 * plan, block, request active and within the shop's reach, not already offered, the pending limit), so each
 * buyer gets an ordinary offer and conversation of their own and nothing of the others. One request
 * refused does not stop the rest: the answer says, per request, what was sent or why not.
 */

export async function submitGroupOfferFor(
  uid: string,
  data: unknown,
  deps: SubmitOfferDeps,
): Promise<GroupOfferOutput> {
  const { requestIds, ...terms } = parseCallableInput(groupOfferInputSchema, data);
  const results: GroupOfferResult[] = [];
  // One after another: each its own transaction, so a refusal or a contended request stays its own.
  for (const requestId of requestIds) {
    try {
      const sent = await submitOfferFor(uid, { ...terms, requestId, origin: "feed" }, deps);
      results.push({ requestId, sent: true, offerId: sent.offerId });
    } catch (error) {
      if (!(error instanceof HttpsError))
        logger.warn("group offer: one offer failed", { error: String(error) });
      const reason = error instanceof HttpsError ? error.message : GROUP_OFFER_MESSAGES.notSent;
      results.push({ requestId, sent: false, reason });
    }
  }
  return { results };
}

export const submitGroupOffer = guardedCall(
  ACCOUNT_GUARD.shop,
  sized("submitGroupOffer", callableOptions),
  (request): Promise<GroupOfferOutput> =>
    runDeal("submitGroupOffer", request.auth?.uid, GROUP_OFFER_MESSAGES.unavailable, async (uid) => {
      const db = adminDb();
      return submitGroupOfferFor(uid, request.data, {
        db,
        now: await clockFor(db),
        emailQueue: cloudEmailQueue(),
      });
    }),
);
