import { vi } from "vitest";
import type { NearbyRequest } from "@/data/requests";
import type { Offer } from "@/domain/marketplace/offer";
import type { Request } from "@/domain/marketplace/request";
import type { Shop } from "@/domain/people/shop-verification";
import type { SessionValue } from "@/lib/session/session-provider";

/** Plain, valid domain objects for page tests of the merchant journey. */

const CREATED = new Date(Date.now() - 2 * 3_600_000);

export function aRequest(overrides: Partial<Request> = {}): Request {
  return {
    id: "req-1",
    customerId: "buyer-1",
    productName: "Cuffie wireless con cancellazione del rumore",
    description: "Per l'ufficio, anche ricondizionate.",
    category: "elettronica",
    budget: { min: 80, max: 150 },
    urgency: "giorni",
    deliveryPreference: "both",
    actionRadius: 10,
    location: { address: "Corso Buenos Aires 40, Milano", lat: 45.4797, lng: 9.2104, geohash: "u0nd9x2bc" },
    gh3: "u0n",
    gh4: "u0nd",
    gh5: "u0nd9",
    productDetails: { condition: "ricondizionato", color: "nero" },
    status: "active",
    aiGenerated: false,
    imageAnalyzed: false,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
}

export function aNearbyRequest(overrides: Partial<NearbyRequest> = {}): NearbyRequest {
  return { ...aRequest(overrides), distanceKm: overrides.distanceKm ?? 2.4 };
}

export function anOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: "req-1_shop-1",
    requestId: "req-1",
    merchantId: "shop-1",
    customerId: "buyer-1",
    merchantName: "Elettronica Navigli",
    price: 120,
    description: "Modello 2024, garanzia 12 mesi.",
    deliveryOptions: ["pickup"],
    status: "pending",
    aiGenerated: false,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
}

/** users/{uid}.shop as verifyShop writes it. */
export function aVerifiedShop(overrides: Partial<Shop> = {}): Shop {
  return {
    status: "verified",
    partitaIva: "04812310151",
    categories: ["elettronica"],
    verifiedAt: new Date("2026-01-02T10:00:00Z"),
    ...overrides,
  };
}

/**
 * A signed-in merchant's session: a verified shop unless `verified: false` (no `shop` yet); `location:
 * null` for a shop without a position; `emailVerified: false` for an address not proved yet.
 */
export function merchantSession(
  overrides: {
    location?: { lat: number; lng: number; address?: string } | null;
    businessName?: string;
    verified?: boolean;
    emailVerified?: boolean;
    /** The shop's categories (default: Elettronica). */
    categories?: Shop["categories"];
    /** A stored balance, with this month's reset. */
    aiTokens?: number;
  } = {},
): SessionValue {
  const location =
    overrides.location === null
      ? undefined
      : (overrides.location ?? { lat: 45.4517, lng: 9.1749, address: "Ripa di Porta Ticinese 41, Milano" });
  return {
    loading: false,
    user: {
      uid: "shop-1",
      email: "negozio@example.com",
      displayName: "Marco Bianchi",
      photoURL: null,
      emailVerified: overrides.emailVerified ?? true,
      providerIds: ["password"],
    },
    userData: {
      id: "shop-1",
      uid: "shop-1",
      email: "negozio@example.com",
      displayName: "Marco Bianchi",
      userType: "merchant",
      isFallback: false,
      businessName: overrides.businessName ?? "Elettronica Navigli",
      ...(location ? { location } : {}),
      ...(overrides.verified === false
        ? {}
        : { shop: aVerifiedShop(overrides.categories ? { categories: overrides.categories } : {}) }),
      ...(overrides.aiTokens === undefined
        ? {}
        : { aiTokens: overrides.aiTokens, lastTokenReset: new Date() }),
    },
    homePath: "/merchant",
    signOut: vi.fn(async () => undefined),
    start: vi.fn(),
  };
}

/**
 * A signed-in buyer's session (Anna, buyer-1). `aiTokens` undefined leaves the balance out of the user
 * document; `isFallback` gives the session's fallback user (no document yet).
 */
export function buyerSession(
  overrides: { aiTokens?: number | undefined; lastTokenReset?: Date | undefined; isFallback?: boolean } = {},
): SessionValue {
  const { aiTokens, isFallback = false } = overrides;
  // A stored balance comes with this month's reset (the badge then shows it as is), unless told otherwise.
  const lastTokenReset =
    "lastTokenReset" in overrides
      ? overrides.lastTokenReset
      : aiTokens === undefined
        ? undefined
        : new Date();
  return {
    loading: false,
    user: {
      uid: "buyer-1",
      email: "anna@example.com",
      displayName: "Anna",
      photoURL: null,
      emailVerified: true,
      providerIds: ["password"],
    },
    userData: {
      id: "buyer-1",
      uid: "buyer-1",
      email: "anna@example.com",
      displayName: "Anna",
      userType: "customer",
      isFallback,
      ...(aiTokens === undefined ? {} : { aiTokens }),
      ...(lastTokenReset === undefined ? {} : { lastTokenReset }),
    },
    homePath: "/customer",
    signOut: vi.fn(async () => undefined),
    start: vi.fn(),
  };
}
