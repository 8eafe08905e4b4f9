import { z } from "zod";
import { splitVat, type VatSplit } from "./pricing.ts";

/**
 * A payment's receipt (subscriptions/{uid}/payments/{id}): what was paid, for what, and the IVA
 * split. Written by the webhook with the effect it records; the owner reads it on /abbonamento.
 */
export const PAYMENT_KINDS = ["monthly", "launch", "tokens"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const paymentSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  description: z.string(),
  grossCents: z.number().int().nonnegative(),
  netCents: z.number().int().nonnegative(),
  vatCents: z.number().int().nonnegative(),
  paidAt: z.date(),
  /** Stripe's hosted receipt or invoice page, when the provider gives one. */
  receiptUrl: z.string().optional(),
  /** 'stripe', or 'simulated' on the local stack. */
  provider: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * billingRefunds/{checkoutSessionId}: a payment the webhook refused to apply (a launch code another shop
 * redeemed first, an account deleted meanwhile) waits `pending` until the refund at Stripe after the
 * commit: `refunded`, `failed` (kept for an operator) or `not_charged` (the simulated provider).
 */
export const BILLING_REFUND_STATUS = {
  pending: "pending",
  refunded: "refunded",
  failed: "failed",
  notCharged: "not_charged",
} as const;

export const PAYMENT_DESCRIPTIONS: Readonly<Record<PaymentKind, string>> = {
  monthly: "Abbonamento mensile Vicino",
  launch: "Offerta di lancio Vicino (12 mesi)",
  tokens: "Pacchetto token AI",
};

/** A receipt from an amount paid (VAT included). */
export function buildPayment(input: {
  id: string;
  kind: PaymentKind;
  grossCents: number;
  paidAt: Date;
  provider: string;
  description?: string;
  receiptUrl?: string | null;
}): Payment {
  const split: VatSplit = splitVat(input.grossCents);
  return {
    id: input.id,
    kind: input.kind,
    description: input.description ?? PAYMENT_DESCRIPTIONS[input.kind],
    ...split,
    paidAt: input.paidAt,
    ...(input.receiptUrl ? { receiptUrl: input.receiptUrl } : {}),
    provider: input.provider,
  };
}
