import { randomBytes } from "node:crypto";
import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import Stripe from "stripe";
import { PLAN_MESSAGES } from "@/domain/billing/plan-messages";
import { addMonths, PROVIDER_STATUS } from "@/domain/billing/plans";
import { COLLECTIONS } from "@/domain/core/collections";
import type { BillingGateway, CheckoutRequest } from "./gateway";
import { readSubscription } from "./subscription-store";
import { handleWebhook, type WebhookOutcome } from "./webhook";

/**
 * SIMULATED payments for the local emulators (billingModeFromEnv gives it only there): nothing is
 * charged. A checkout is stored in simulatedCheckouts/{id}; when the shop confirms it on the app's
 * clearly labelled simulated page, the events Stripe would send (checkout.session.completed, and for
 * the monthly plan customer.subscription.created and invoice.paid) are built, signed with the webhook
 * secret and handed to handleWebhook: the same verification, idempotency and effects as production.
 */
export interface SimulatedDeps {
  db: Firestore;
  secret: string;
  now: () => Date;
  appUrl: string;
}

const id = (prefix: string) => `${prefix}_sim_${randomBytes(9).toString("hex")}`;
const secs = (date: Date) => Math.floor(date.getTime() / 1000);

export class SimulatedGateway implements BillingGateway {
  readonly name = "simulated" as const;
  constructor(private readonly deps: SimulatedDeps) {}

  async createCustomer(input: { uid: string }): Promise<string> {
    return `cus_sim_${input.uid}`;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ sessionId: string }> {
    const sessionId = id("cs");
    await this.checkoutRef(sessionId).create({
      ...request,
      metadata: { ...request.metadata, provider: "simulated" },
      trialEnd: request.trialEnd ? Timestamp.fromDate(request.trialEnd) : null,
      status: "open",
      createdAt: Timestamp.fromDate(this.deps.now()),
    });
    return { sessionId };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    const uid = subscriptionId.split("_sim_")[1]?.split(".")[0];
    const stored = uid
      ? await this.deps.db.runTransaction((tx) => readSubscription(tx, this.deps.db, uid))
      : undefined;
    if (!uid || !stored || stored.stripeSubscriptionId !== subscriptionId) {
      throw new HttpsError("failed-precondition", PLAN_MESSAGES.nothingToCancel);
    }
    const now = this.deps.now();
    await this.deliver("customer.subscription.updated", now, {
      id: subscriptionId,
      object: "subscription",
      status: stored.status ?? PROVIDER_STATUS.active,
      created: stored.subscriptionCreated ?? secs(now),
      customer: `cus_sim_${uid}`,
      cancel_at_period_end: cancel,
      items: { data: [{ current_period_end: secs(stored.periodEnd ?? now) }] },
      metadata: { uid },
    });
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    const uid = subscriptionId.split("_sim_")[1]?.split(".")[0];
    if (!uid) return;
    const now = this.deps.now();
    await this.deliver("customer.subscription.deleted", now, {
      id: subscriptionId,
      object: "subscription",
      status: PROVIDER_STATUS.canceled,
      created: secs(now),
      customer: `cus_sim_${uid}`,
      ended_at: secs(now),
      metadata: { uid },
    });
  }

  /** Nothing was charged: a simulated refund has nothing to give back. */
  async refund(): Promise<void> {}

  async portalUrl(): Promise<string> {
    return `${this.deps.appUrl}/abbonamento?portale=simulato`;
  }

  /** Completes a simulated checkout of `uid`: once; a second confirmation does nothing. */
  async confirm(sessionId: string, uid: string): Promise<WebhookOutcome[]> {
    const ref = this.checkoutRef(sessionId);
    const request = await this.deps.db.runTransaction(async (tx) => {
      const data = (await tx.get(ref)).data();
      if (!data || data.metadata?.uid !== uid)
        throw new HttpsError("not-found", PLAN_MESSAGES.checkoutFailed);
      if (data.status !== "open") return undefined;
      tx.update(ref, { status: "complete" });
      return data as CheckoutRequest & { trialEnd: Timestamp | null };
    });
    if (!request) return [];
    const now = this.deps.now();
    const session = {
      id: sessionId,
      object: "checkout.session",
      mode: request.mode,
      payment_status: "paid",
      amount_total: request.mode === "payment" ? request.amountCents : 0,
      customer: request.customerId,
      payment_intent: request.mode === "payment" ? `pi_sim_${sessionId}` : null,
      metadata: request.metadata,
    };
    if (request.mode === "payment") return [await this.deliver("checkout.session.completed", now, session)];
    // Monthly: the subscription id carries the uid so a later cancel can find the shop.
    const subscriptionId = `sub_sim_${uid}.${sessionId.slice(7, 15)}`;
    const trialEnd = request.trialEnd?.toDate();
    const periodEnd = trialEnd ?? addMonths(now, 1);
    const subscription = {
      id: subscriptionId,
      object: "subscription",
      status: trialEnd ? PROVIDER_STATUS.trialing : PROVIDER_STATUS.active,
      created: secs(now),
      customer: request.customerId,
      cancel_at_period_end: false,
      items: { data: [{ current_period_end: secs(periodEnd) }] },
      metadata: { uid },
    };
    const invoice = {
      id: `in_sim_${sessionId.slice(7)}`,
      object: "invoice",
      customer: request.customerId,
      amount_paid: trialEnd ? 0 : request.amountCents,
      hosted_invoice_url: null,
      status_transitions: { paid_at: secs(now) },
      parent: { subscription_details: { subscription: subscriptionId, metadata: { uid } } },
      lines: { data: [{ period: { end: secs(periodEnd) } }] },
    };
    return [
      await this.deliver("checkout.session.completed", now, { ...session, subscription: subscriptionId }),
      await this.deliver("customer.subscription.created", now, subscription),
      await this.deliver("invoice.paid", now, invoice),
    ];
  }

  private checkoutRef(sessionId: string) {
    return this.deps.db.collection(COLLECTIONS.simulatedCheckouts).doc(sessionId);
  }

  /** Signs an event as Stripe would and hands it to the webhook handler. */
  private deliver(type: string, at: Date, object: Record<string, unknown>): Promise<WebhookOutcome> {
    const payload = JSON.stringify({
      id: id("evt"),
      object: "event",
      type,
      created: secs(at),
      livemode: false,
      data: { object },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.deps.secret });
    return handleWebhook(payload, header, this.deps);
  }
}
