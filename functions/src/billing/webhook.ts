import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { onRequest } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import Stripe from "stripe";
import { ZodError } from "zod";
import { BILLING_REFUND_STATUS } from "@/domain/billing/plan-payments";
import { COLLECTIONS } from "@/domain/core/collections";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { logUnexpectedError } from "../lib/error-log";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { applyEvent, type Effect, refundRef } from "./apply-event";
import { billingModeFromEnv, stripeSecretKey, stripeWebhookSecret, webhookSecretFromEnv } from "./config";
import { type EventEnvelope, eventEnvelopeSchema } from "./events";
import { StripeGateway, stripeClient } from "./gateway";

/**
 * stripeWebhook (HTTP, POST from Stripe): the only writer of plan state and token credits. The body is
 * verified with Stripe's signature (stripe.webhooks.constructEvent and STRIPE_WEBHOOK_SECRET); a
 * forged or stale signature is refused with 400 before anything is read. Each event is applied once:
 * billingEvents/{event.id} is created in the same transaction as its effect, so a redelivered event
 * finds it and does nothing. The simulated provider of the emulators signs its events with the same
 * secret and calls handleWebhook, so it goes through exactly this code.
 */

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

export interface WebhookDeps {
  db: Firestore;
  /** undefined: no secret configured, every event is refused. */
  secret: string | undefined;
  now: () => Date;
  /**
   * Gives a refused payment back (Stripe's refund of its payment intent). Absent on the simulated
   * provider, which charges nothing: its refused payments are marked 'not_charged'.
   */
  refund?: (paymentIntentId: string, idempotencyKey: string) => Promise<void>;
}

export interface WebhookOutcome {
  eventId: string;
  type: string;
  result: Effect | "duplicate";
}

export async function handleWebhook(
  payload: string | Buffer,
  signature: string | undefined,
  deps: WebhookDeps,
): Promise<WebhookOutcome> {
  if (!deps.secret || !signature) throw new WebhookSignatureError("missing signature or secret");
  let verified: unknown;
  try {
    verified = Stripe.webhooks.constructEvent(payload, signature, deps.secret);
  } catch (error) {
    throw new WebhookSignatureError(String(error));
  }
  const envelope = eventEnvelopeSchema.safeParse(verified);
  if (!envelope.success) throw new WebhookSignatureError("not a Stripe event");
  const event = envelope.data;
  const { db } = deps;
  const eventRef = db.collection(COLLECTIONS.billingEvents).doc(event.id);
  const result = await db.runTransaction(async (tx): Promise<WebhookOutcome["result"]> => {
    if ((await tx.get(eventRef)).exists) return "duplicate";
    const now = deps.now();
    const effect = await applyEvent(tx, db, event, now).catch((error: unknown) => {
      // Not one of ours (another integration's session, no metadata): acknowledged, never retried.
      // Parsing happens before any write, so the transaction holds nothing of it.
      if (!(error instanceof ZodError)) throw error;
      logger.warn("stripeWebhook: event ignored", { id: event.id, type: event.type, issue: error.issues[0] });
      return "ignored" as const;
    });
    tx.create(eventRef, {
      id: event.id,
      type: event.type,
      created: event.created,
      effect,
      receivedAt: Timestamp.fromDate(now),
    });
    return effect;
  });
  if (result === "refund") await settleRefund(event, deps);
  return { eventId: event.id, type: event.type, result };
}

/**
 * After the commit, the refused payment is refunded at Stripe (idempotent on the session, so a second
 * event about the same session refunds nothing more) and billingRefunds/{session} records the outcome.
 * A refund that fails stays 'failed' with the error for an operator; the plan was never applied.
 */
async function settleRefund(event: EventEnvelope, deps: WebhookDeps): Promise<void> {
  const sessionId = String(event.data.object.id ?? "");
  const ref = refundRef(deps.db, sessionId);
  const pending = (await ref.get()).data();
  if (pending?.status !== BILLING_REFUND_STATUS.pending) return;
  const paymentIntent = typeof pending.paymentIntent === "string" ? pending.paymentIntent : undefined;
  const at = Timestamp.fromDate(deps.now());
  if (!deps.refund || !paymentIntent) {
    await ref.update({ status: BILLING_REFUND_STATUS.notCharged, settledAt: at });
    return;
  }
  try {
    await deps.refund(paymentIntent, `refund-${sessionId}`);
    await ref.update({ status: BILLING_REFUND_STATUS.refunded, settledAt: at });
  } catch (error) {
    logUnexpectedError("stripeWebhook: refund failed", error, { sessionId });
    await ref.update({ status: BILLING_REFUND_STATUS.failed, error: String(error), settledAt: at });
  }
}

export const stripeWebhook = onRequest(
  sized("stripeWebhook", { region, secrets: [stripeWebhookSecret, stripeSecretKey] }),
  async (req, res) => {
    if (req.method !== "POST") {
      res.status(405).json({ ok: false, error: "POST only" });
      return;
    }
    const db = adminDb();
    try {
      // Refunds need Stripe itself (billing-deps.ts would bring the simulated provider, which calls
      // this handler: an import cycle); the simulated provider charges nothing to refund.
      const mode = billingModeFromEnv();
      const stripe =
        mode.kind === "stripe" ? new StripeGateway(stripeClient(mode.secretKey, mode.api)) : null;
      const outcome = await handleWebhook(req.rawBody, req.header("stripe-signature"), {
        db,
        secret: webhookSecretFromEnv(),
        now: await clockFor(db),
        ...(stripe ? { refund: (id: string, key: string) => stripe.refund(id, key) } : {}),
      });
      res.json({ received: true, ...outcome });
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        logger.warn("stripeWebhook: signature refused", { error: error.message });
        res.status(400).json({ ok: false, error: "invalid signature" });
        return;
      }
      // Stripe retries a 5xx: a transient failure is applied on a later delivery.
      logUnexpectedError("stripeWebhook failed", error);
      res.status(500).json({ ok: false, error: "internal" });
    }
  },
);
