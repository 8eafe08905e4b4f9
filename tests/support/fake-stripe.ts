import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local stand-in for the Stripe API on 127.0.0.1 and a free port, for the real `stripe` SDK
 * (STRIPE_API_HOST/PORT/PROTOCOL, or the SDK's host/port/protocol options). It keeps customers,
 * Checkout Sessions and subscriptions in memory, answers the calls billing makes, records every
 * request, and plays Stripe's side of the story: completing a checkout, renewing, failing a payment,
 * ending a subscription — each returns the events Stripe would send, which `signed` turns into a
 * webhook delivery (payload + Stripe-Signature header).
 */

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The form body, flattened: `line_items[0][price_data][unit_amount]` → "990". */
  form: Record<string, string>;
  idempotencyKey?: string;
}

type Obj = Record<string, unknown>;

export interface StripeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  livemode: false;
  data: { object: Obj };
}

export interface FakeStripe {
  host: string;
  port: number;
  requests: RecordedStripeRequest[];
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** Subscriptions cancelled at once through the API (DELETE /v1/subscriptions/:id), in order. */
  cancelled: string[];
  /** Refunds created through the API: the payment intent each gave back. */
  refunds: Array<{ id: string; paymentIntent: string }>;
  /** The shop pays on Stripe's page: the events of a completed checkout at `at` (s). */
  completeCheckout(sessionId: string, at: number): StripeEvent[];
  /** The next month is charged: invoice.paid and customer.subscription.updated with the new period. */
  renew(subscriptionId: string, at: number): StripeEvent[];
  /** The renewal's card is declined: invoice.payment_failed and the subscription past_due. */
  failPayment(subscriptionId: string, at: number): StripeEvent[];
  /** The subscription ends (period over after a cancel, or retries exhausted). */
  endSubscription(subscriptionId: string, at: number): StripeEvent[];
  /** customer.subscription.updated with the subscription as it stands (after an API update). */
  subscriptionUpdated(subscriptionId: string, at: number): StripeEvent;
  close(): Promise<void>;
}

export const MONTH_S = 30 * 24 * 60 * 60;

/** A webhook delivery as Stripe signs it. */
export function signed(event: StripeEvent, secret: string): { payload: string; header: string } {
  const payload = JSON.stringify(event);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

let counter = 0;
function nextId(prefix: string): string {
  counter += 1;
  return `${prefix}_test_${counter.toString().padStart(6, "0")}`;
}

function event(type: string, created: number, object: Obj): StripeEvent {
  return {
    id: nextId("evt"),
    object: "event",
    type,
    created,
    livemode: false,
    data: { object: { ...object } },
  };
}

/** `a[b][0][c]=v` pairs into nested objects (arrays as objects keyed by index, enough here). */
function nest(form: Record<string, string>): Obj {
  const root: Obj = {};
  for (const [key, value] of Object.entries(form)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      if (typeof node[part] !== "object" || node[part] === null) node[part] = {};
      node = node[part] as Obj;
    });
  }
  return root;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoicesOf = new Map<string, number>();
  const cancelled: string[] = [];
  const refunds: Array<{ id: string; paymentIntent: string }> = [];

  const periodEnd = (sub: Obj) =>
    (sub.items as { data: Array<{ current_period_end: number }> }).data[0]?.current_period_end ?? 0;
  const setPeriodEnd = (sub: Obj, end: number) => {
    sub.items = { object: "list", data: [{ id: `si_${sub.id}`, current_period_end: end }] };
  };
  const invoice = (sub: Obj, at: number, paid: boolean, end: number): Obj => {
    const n = (invoicesOf.get(sub.id as string) ?? 0) + 1;
    invoicesOf.set(sub.id as string, n);
    return {
      id: `in_${sub.id as string}_${n}`,
      object: "invoice",
      customer: sub.customer,
      amount_paid: paid ? (sub.amount as number) : 0,
      hosted_invoice_url: `https://invoice.stripe.test/i/${sub.id as string}_${n}`,
      status_transitions: { paid_at: paid ? at : null },
      parent: { subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { data: [{ period: { start: at, end } }] },
    };
  };
  const sessionOf = (id: string) => {
    const found = sessions.get(id);
    if (!found) throw new Error(`fake-stripe: no session ${id}`);
    return found;
  };
  const subOf = (id: string) => {
    const found = subscriptions.get(id);
    if (!found) throw new Error(`fake-stripe: no subscription ${id}`);
    return found;
  };

  function route(method: string, path: string, form: Record<string, string>): { status: number; body: Obj } {
    const params = nest(form);
    if (method === "POST" && path === "/v1/customers") {
      return {
        status: 200,
        body: {
          id: nextId("cus"),
          object: "customer",
          email: params.email ?? null,
          metadata: params.metadata ?? {},
        },
      };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = nextId("cs");
      const item = (params.line_items as Obj | undefined)?.["0"] as Obj | undefined;
      const amount = Number(
        (item?.price_data as Obj | undefined)?.unit_amount ?? (params.mode === "subscription" ? 990 : 2990),
      );
      const session: Obj = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: params.mode,
        customer: params.customer,
        metadata: params.metadata ?? {},
        subscription_data: params.subscription_data ?? null,
        amount_total: amount,
        payment_status: "unpaid",
        status: "open",
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subMatch) {
      const sub = subscriptions.get(subMatch[1] ?? "");
      if (!sub)
        return {
          status: 404,
          body: { error: { type: "invalid_request_error", message: "No such subscription" } },
        };
      if (method === "POST" && params.cancel_at_period_end !== undefined) {
        sub.cancel_at_period_end = params.cancel_at_period_end === "true";
      }
      if (method === "DELETE") {
        sub.status = "canceled";
        sub.ended_at = Math.floor(Date.now() / 1000);
        cancelled.push(sub.id as string);
      }
      return { status: 200, body: sub };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const refund = { id: nextId("re"), paymentIntent: String(params.payment_intent ?? "") };
      refunds.push(refund);
      return {
        status: 200,
        body: { id: refund.id, object: "refund", payment_intent: refund.paymentIntent, status: "succeeded" },
      };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      return {
        status: 200,
        body: {
          id: nextId("bps"),
          object: "billing_portal.session",
          url: `https://billing.stripe.test/p/session/${params.customer as string}`,
          return_url: params.return_url,
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `fake-stripe: unknown ${method} ${path}` } },
    };
  }

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
    const path = (req.url ?? "").split("?")[0] ?? "";
    const key = req.headers["idempotency-key"];
    requests.push({
      method: req.method ?? "",
      path,
      form,
      ...(typeof key === "string" ? { idempotencyKey: key } : {}),
    });
    const reply = route(req.method ?? "", path, form);
    res.writeHead(reply.status, { "content-type": "application/json", "request-id": nextId("req") });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: "127.0.0.1",
    port,
    requests,
    sessions,
    subscriptions,
    cancelled,
    refunds,
    completeCheckout(sessionId, at) {
      const session = sessionOf(sessionId);
      session.status = "complete";
      session.payment_status = "paid";
      if (session.mode === "payment") {
        session.payment_intent = nextId("pi");
        return [event("checkout.session.completed", at, session)];
      }
      const data = (session.subscription_data ?? {}) as Obj;
      const trialEnd = data.trial_end ? Number(data.trial_end) : undefined;
      const sub: Obj = {
        id: nextId("sub"),
        object: "subscription",
        status: trialEnd ? "trialing" : "active",
        created: at,
        customer: session.customer,
        cancel_at_period_end: false,
        cancel_at: null,
        ended_at: null,
        metadata: data.metadata ?? {},
        amount: session.amount_total,
      };
      setPeriodEnd(sub, trialEnd ?? at + MONTH_S);
      subscriptions.set(sub.id as string, sub);
      session.subscription = sub.id;
      return [
        event("checkout.session.completed", at, session),
        event("customer.subscription.created", at, sub),
        event("invoice.paid", at, invoice(sub, at, !trialEnd, periodEnd(sub))),
      ];
    },
    renew(subscriptionId, at) {
      const sub = subOf(subscriptionId);
      const end = periodEnd(sub) + MONTH_S;
      setPeriodEnd(sub, end);
      sub.status = "active";
      return [
        event("invoice.paid", at, invoice(sub, at, true, end)),
        event("customer.subscription.updated", at, sub),
      ];
    },
    failPayment(subscriptionId, at) {
      const sub = subOf(subscriptionId);
      sub.status = "past_due";
      const failed = {
        ...invoice(sub, at, false, periodEnd(sub) + MONTH_S),
        status_transitions: { paid_at: null },
      };
      return [event("invoice.payment_failed", at, failed), event("customer.subscription.updated", at, sub)];
    },
    endSubscription(subscriptionId, at) {
      const sub = subOf(subscriptionId);
      sub.status = "canceled";
      sub.ended_at = at;
      return [event("customer.subscription.deleted", at, sub)];
    },
    subscriptionUpdated(subscriptionId, at) {
      return event("customer.subscription.updated", at, subOf(subscriptionId));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
