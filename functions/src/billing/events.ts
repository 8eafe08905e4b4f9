import { z } from "zod";
import { PLAN_IDS, PROVIDER_STATUS, type ProviderStatus, providerStatusSchema } from "@/domain/billing/plans";

/**
 * The parts of Stripe's event objects the webhook reads, parsed leniently (Stripe adds fields in every
 * API version): anything else in an event is ignored. Times are Unix seconds, amounts cents.
 */

export const CHECKOUT_KINDS = [...PLAN_IDS, "tokens"] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];

/** What we put in every Checkout Session's (and subscription's) metadata. */
export const checkoutMetadataSchema = z.object({
  uid: z.string().min(1),
  kind: z.enum(CHECKOUT_KINDS),
  code: z.string().optional(),
  packageId: z.string().optional(),
  /** 'simulated' on the local provider. */
  provider: z.string().optional(),
});
export type CheckoutMetadata = z.infer<typeof checkoutMetadataSchema>;

export const eventEnvelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  created: z.number(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

const idOrObject = z
  .union([z.string(), z.object({ id: z.string() })])
  .transform((value) => (typeof value === "string" ? value : value.id));

export const checkoutSessionSchema = z.object({
  id: z.string(),
  mode: z.string(),
  payment_status: z.string(),
  amount_total: z.number().nullable().optional(),
  customer: idOrObject.nullable().optional(),
  payment_intent: idOrObject.nullable().optional(),
  subscription: idOrObject.nullable().optional(),
  metadata: checkoutMetadataSchema,
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const subscriptionObjectSchema = z.object({
  id: z.string(),
  status: z.string(),
  created: z.number(),
  customer: idOrObject,
  cancel_at_period_end: z.boolean().optional().default(false),
  cancel_at: z.number().nullable().optional(),
  ended_at: z.number().nullable().optional(),
  /** Before API 2025-03-31 the period was on the subscription; now it is on its items. */
  current_period_end: z.number().optional(),
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().optional() })) }).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type SubscriptionObject = z.infer<typeof subscriptionObjectSchema>;

export function subscriptionPeriodEnd(subscription: SubscriptionObject): number | undefined {
  return subscription.items?.data[0]?.current_period_end ?? subscription.current_period_end;
}

export const invoiceSchema = z.object({
  id: z.string(),
  customer: idOrObject.nullable().optional(),
  amount_paid: z.number().default(0),
  hosted_invoice_url: z.string().nullable().optional(),
  created: z.number().optional(),
  status_transitions: z.object({ paid_at: z.number().nullable().optional() }).optional(),
  /** Before API 2025-03-31. */
  subscription: idOrObject.nullable().optional(),
  parent: z
    .object({
      subscription_details: z
        .object({
          subscription: idOrObject,
          metadata: z.record(z.string(), z.string()).nullable().optional(),
        })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  lines: z
    .object({ data: z.array(z.object({ period: z.object({ end: z.number() }).optional() })) })
    .optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export function invoiceSubscriptionId(invoice: Invoice): string | undefined {
  return invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? undefined;
}

export function invoicePeriodEnd(invoice: Invoice): number | undefined {
  const ends = (invoice.lines?.data ?? []).flatMap((line) => (line.period ? [line.period.end] : []));
  return ends.length > 0 ? Math.max(...ends) : undefined;
}

/** Stripe's subscription status reduced to ours (plans.ts PROVIDER_STATUSES). */
export function providerStatus(status: string): ProviderStatus {
  const known = providerStatusSchema.safeParse(status);
  // canceled, unpaid, incomplete_expired, paused: no access.
  return known.success ? known.data : PROVIDER_STATUS.canceled;
}
