import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { onRequest } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import Stripe from "stripe";
import { ZodError } from "zod";
import { COLLECTIONS } from "@/domain/collections";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { logUnexpectedError } from "../lib/error-log";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { applyEvent, type Effect } from "./apply-event";
import { stripeWebhookSecret, webhookSecretFromEnv } from "./config";
import { eventEnvelopeSchema } from "./events";

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
  return { eventId: event.id, type: event.type, result };
}

export const stripeWebhook = onRequest(
  sized("stripeWebhook", { region, secrets: [stripeWebhookSecret] }),
  async (req, res) => {
    if (req.method !== "POST") {
      res.status(405).json({ ok: false, error: "POST only" });
      return;
    }
    const db = adminDb();
    try {
      const outcome = await handleWebhook(req.rawBody, req.header("stripe-signature"), {
        db,
        secret: webhookSecretFromEnv(),
        now: await clockFor(db),
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
