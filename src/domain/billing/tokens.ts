import { z } from "zod";
import { dateSchema, idSchema } from "../core/fields.ts";
import type { UserType } from "../core/user-type.ts";

/** AI token costs per action (spec §9). Balances are fractional: text chat costs half a token. */
export const TOKEN_ACTIONS = [
  "image_analysis",
  "text_chat",
  "description_generation",
  "product_search",
  "other",
] as const;
export const tokenActionSchema = z.enum(TOKEN_ACTIONS);
export type TokenAction = z.infer<typeof tokenActionSchema>;

export const TOKEN_COSTS: Readonly<Record<TokenAction, number>> = {
  image_analysis: 1,
  text_chat: 0.5,
  description_generation: 0.5,
  product_search: 0,
  other: 1,
};

export function tokenCost(action: TokenAction): number {
  return TOKEN_COSTS[action];
}

/**
 * What one Algo turn is charged as (tokens pay for AI work only). A photo costs an image analysis
 * only when a model looks at it (Gemini); the offline Algo cannot see it, so the photo itself is free
 * (it is still kept with the request) and the turn costs what its text costs: a text chat, or
 * nothing for a photo sent alone (product_search, the spec's free action: no ledger entry).
 */
export function algoTurnAction(turn: {
  text: string;
  hasImage: boolean;
  modelSeesImages: boolean;
}): TokenAction {
  if (turn.hasImage && turn.modelSeesImages) return "image_analysis";
  if (turn.hasImage && turn.text.trim() === "") return "product_search";
  return "text_chat";
}

/** Free tokens credited each month: 10 for merchants, 5 for everyone else (spec §4). */
export const MONTHLY_TOKEN_ALLOWANCE: Readonly<Record<UserType, number>> = { customer: 5, merchant: 10 };

export function monthlyAllowance(userType: UserType | undefined): number {
  return userType === "merchant" ? MONTHLY_TOKEN_ALLOWANCE.merchant : MONTHLY_TOKEN_ALLOWANCE.customer;
}

/** A token pack (spec §3). Tokens never expire. */
export const tokenPackageSchema = z.object({
  id: z.string().min(1),
  tokens: z.number().int().positive(),
  price: z.number().positive(),
  popular: z.boolean(),
});
export type TokenPackage = z.infer<typeof tokenPackageSchema>;

/** Packs shown per role (spec §9), prices in euro. */
export const TOKEN_PACKAGES: Readonly<Record<UserType, readonly TokenPackage[]>> = {
  customer: [
    { id: "basic", tokens: 10, price: 2.99, popular: false },
    { id: "standard", tokens: 25, price: 5.99, popular: true },
    { id: "premium", tokens: 50, price: 9.99, popular: false },
  ],
  merchant: [
    { id: "business", tokens: 50, price: 9.99, popular: false },
    { id: "professional", tokens: 100, price: 15.99, popular: true },
    { id: "enterprise", tokens: 200, price: 24.99, popular: false },
  ],
};

export const TOKEN_PACKAGE_LABELS: Readonly<Record<string, string>> = {
  basic: "Base",
  standard: "Standard",
  premium: "Premium",
  business: "Business",
  professional: "Professional",
  enterprise: "Enterprise",
};

export function tokenPackagesFor(userType: UserType): readonly TokenPackage[] {
  return TOKEN_PACKAGES[userType];
}

/** A pack by id, among the role's packs when a role is given (purchases must match the buyer's role). */
export function findTokenPackage(id: string, userType?: UserType): TokenPackage | undefined {
  const packs = userType
    ? TOKEN_PACKAGES[userType]
    : [...TOKEN_PACKAGES.customer, ...TOKEN_PACKAGES.merchant];
  return packs.find((pack) => pack.id === id);
}

/**
 * One purchase in users/{uid}.tokenPurchases (spec §3: id, amount, price, purchaseDate). The id is
 * the payment id, so a payment is credited exactly once; packageId is ours.
 */
export const tokenPurchaseSchema = z.object({
  id: idSchema,
  amount: z.number().positive(),
  price: z.number().min(0),
  purchaseDate: dateSchema,
  packageId: z.string().optional(),
});
export type TokenPurchase = z.infer<typeof tokenPurchaseSchema>;

/** Ledger entry (architecture §5: every spend, credit, refund and purchase is recorded). `amount` is signed. */
/** `refund` gives back a spend whose AI call failed for technical reasons (the user got no answer). */
export const TOKEN_LEDGER_KINDS = ["spend", "monthly_allowance", "purchase", "refund"] as const;
export const tokenLedgerEntrySchema = z.object({
  id: idSchema,
  userId: idSchema,
  kind: z.enum(TOKEN_LEDGER_KINDS),
  amount: z.number(),
  balanceAfter: z.number(),
  action: tokenActionSchema.optional(),
  packageId: z.string().optional(),
  paymentId: z.string().optional(),
  createdAt: dateSchema,
});
export type TokenLedgerEntry = z.infer<typeof tokenLedgerEntrySchema>;

export type TokenBadgeLevel = "red" | "orange" | "green";

/** Badge colour (spec §9): red at 0 or less, orange at 2 or less, green otherwise. */
export function tokenBadgeLevel(balance: number): TokenBadgeLevel {
  if (balance <= 0) return "red";
  if (balance <= 2) return "orange";
  return "green";
}

/** The buy button shows at 2 tokens or less. */
export function showBuyButton(balance: number): boolean {
  return balance <= 2;
}

/** An action is allowed only if the balance is at least its cost (spec §5). */
export function canSpend(balance: number, cost: number): boolean {
  return Number.isFinite(balance) && Number.isFinite(cost) && cost >= 0 && balance >= cost;
}

/** Balance the Italian way: "5", "2,5". */
export function formatTokens(balance: number): string {
  return balance.toLocaleString("it-IT", { maximumFractionDigits: 2 });
}
