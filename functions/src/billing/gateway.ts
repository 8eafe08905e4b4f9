import Stripe from "stripe";
import type { StripeApi } from "./config";
import type { CheckoutMetadata } from "./events";

/**
 * What billing asks of a payment provider. StripeGateway calls Stripe (Checkout Sessions, subscription
 * updates, the Customer Portal); the emulators' SimulatedGateway (simulated-gateway.ts) answers the
 * same calls without moving money and later delivers signed events to the same webhook handler.
 * Card details never reach our code: the shop types them on Stripe's pages.
 */
export interface CheckoutRequest {
  customerId: string;
  metadata: CheckoutMetadata;
  /** Subscription mode (the monthly plan) or one payment (launch offer, token packs). */
  mode: "subscription" | "payment";
  /** VAT included. */
  amountCents: number;
  productName: string;
  /** A Price id from the Stripe dashboard; else the amount above, inline. */
  priceId?: string;
  /** Monthly only: billing starts then (the access the shop already has is not charged twice). */
  trialEnd?: Date;
  /** The session cannot be paid after this (the launch code's reservation ends with it). */
  expiresAt?: Date;
  successUrl: string;
  cancelUrl: string;
}

export interface BillingGateway {
  /** 'stripe' or 'simulated', stored on receipts. */
  readonly name: "stripe" | "simulated";
  createCustomer(input: { uid: string; email?: string; name?: string }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url?: string }>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends the subscription now, nothing more charged (the account is being deleted). */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Gives a one-off payment back whole (a launch code another shop redeemed first). */
  refund(paymentIntentId: string, idempotencyKey: string): Promise<void>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
}

export function stripeClient(secretKey: string, api?: StripeApi): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
  });
}

export class StripeGateway implements BillingGateway {
  readonly name = "stripe" as const;
  constructor(private readonly stripe: Stripe) {}

  async createCustomer(input: { uid: string; email?: string; name?: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      {
        ...(input.email ? { email: input.email } : {}),
        ...(input.name ? { name: input.name } : {}),
        metadata: { uid: input.uid },
        preferred_locales: ["it"],
      },
      { idempotencyKey: `customer-${input.uid}` },
    );
    return customer.id;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url?: string }> {
    const metadata = Object.fromEntries(
      Object.entries(request.metadata).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const subscription = request.mode === "subscription";
    const lineItem = request.priceId
      ? { price: request.priceId, quantity: 1 }
      : {
          quantity: 1,
          price_data: {
            currency: "eur",
            unit_amount: request.amountCents,
            tax_behavior: "inclusive" as const,
            product_data: { name: request.productName },
            ...(subscription ? { recurring: { interval: "month" as const } } : {}),
          },
        };
    const session = await this.stripe.checkout.sessions.create({
      mode: request.mode,
      customer: request.customerId,
      client_reference_id: request.metadata.uid,
      line_items: [lineItem],
      metadata,
      locale: "it",
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      ...(request.expiresAt ? { expires_at: Math.floor(request.expiresAt.getTime() / 1000) } : {}),
      ...(subscription
        ? {
            subscription_data: {
              metadata,
              ...(request.trialEnd ? { trial_end: Math.floor(request.trialEnd.getTime() / 1000) } : {}),
            },
          }
        : { invoice_creation: { enabled: true } }),
    });
    return { sessionId: session.id, ...(session.url ? { url: session.url } : {}) };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId, { prorate: false, invoice_now: false });
    } catch (error) {
      // Already cancelled (or gone) at Stripe: nothing left to stop.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
      throw error;
    }
  }

  async refund(paymentIntentId: string, idempotencyKey: string): Promise<void> {
    await this.stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey });
  }

  async portalUrl(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
      locale: "it",
    });
    return session.url;
  }
}
