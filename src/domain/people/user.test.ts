import { describe, expect, it } from "vitest";
import { validateWith } from "../core/validation.ts";
import {
  newUserInputSchema,
  profileUpdateSchema,
  publicBusinessName,
  publicName,
  publicProfileSchema,
  toPublicProfile,
  type User,
  userSchema,
} from "./user.ts";

const now = new Date("2025-06-01T10:00:00Z");
const signUp = { id: "u1", email: "anna@x.it", displayName: "Anna", userType: "customer", createdAt: now };

describe("userSchema", () => {
  it("parses the older sign-up shape (marketplace fields absent)", () => {
    expect(userSchema.safeParse(signUp).success).toBe(true);
  });

  it("parses a full marketplace user", () => {
    const full = {
      ...signUp,
      uid: "u1",
      updatedAt: now,
      isVerified: true,
      photoURL: null,
      firstName: "Anna",
      lastName: "Verdi",
      businessName: "Bici Verdi",
      userType: "merchant",
      location: { address: "Via Roma 1", zone: "Milano", lat: 45.46, lng: 9.19 },
      aiTokens: 7.5,
      monthlyTokensUsed: 2.5,
      aiInteractions: 4,
      lastTokenReset: now,
      tokenPurchases: [{ id: "pay_1", amount: 50, price: 9.99, purchaseDate: now }],
      averageRating: 4.5,
      totalRatings: 2,
      preferredCategories: ["sport"],
      successfulMatches: 1,
      learningProfile: { topSearchTerms: ["bici"], communicationStyle: "informale" },
    };
    expect(userSchema.parse(full)).toMatchObject({
      aiTokens: 7.5,
      learningProfile: { topSearchTerms: ["bici"] },
    });
    expect(
      userSchema.safeParse({ ...full, preferredCategories: ["a", "b", "c", "d", "e", "f"] }).success,
    ).toBe(false);
    expect(userSchema.safeParse({ ...full, userType: "admin" }).success).toBe(false);
  });
});

describe("newUserInputSchema and profileUpdateSchema", () => {
  it("validates sign-up with Italian messages", () => {
    const input = {
      id: "u1",
      uid: "u1",
      email: "anna@x.it",
      displayName: " Anna ",
      userType: "customer",
      isVerified: false,
    };
    expect(newUserInputSchema.parse(input).displayName).toBe("Anna");
    expect(validateWith(newUserInputSchema, { ...input, email: "anna" })).toEqual({
      ok: false,
      message: "Formato email non valido.",
    });
    expect(validateWith(newUserInputSchema, { ...input, displayName: " " })).toEqual({
      ok: false,
      message: "Il nome è obbligatorio",
    });
  });

  it("lets users edit profile fields only (never tokens, ratings or role)", () => {
    expect(profileUpdateSchema.safeParse({ firstName: "Anna" }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ aiTokens: 1000 }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ userType: "merchant" }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ averageRating: 5 }).success).toBe(false);
  });
});

describe("toPublicProfile", () => {
  const merchant: User = {
    id: "m1",
    uid: "m1",
    email: "negozio@x.it",
    displayName: "Marco",
    businessName: "Bici Marco",
    userType: "merchant",
    createdAt: now,
    aiTokens: 3,
    location: { address: "Via Roma 1", zone: "Milano", lat: 45.46, lng: 9.19 },
    averageRating: 4.5,
    totalRatings: 2,
  };

  it("exposes only public fields: an unverified merchant's coordinates stay private", () => {
    const profile = toPublicProfile(merchant);
    expect(profile).toEqual({
      uid: "m1",
      displayName: "Marco",
      businessName: "Bici Marco",
      userType: "merchant",
      averageRating: 4.5,
      totalRatings: 2,
      zone: "Milano",
    });
    const verified = toPublicProfile({
      ...merchant,
      shop: { status: "verified", partitaIva: "04812310151", categories: ["sport"], verifiedAt: new Date() },
    });
    expect(verified.location).toEqual({ lat: 45.46, lng: 9.19 });
    expect(publicProfileSchema.safeParse(profile).success).toBe(true);
    expect(publicName(profile)).toBe("Bici Marco");
  });

  it("hides a customer's position and defaults ratings", () => {
    const profile = toPublicProfile({
      ...merchant,
      userType: "customer",
      businessName: undefined,
      averageRating: undefined,
      totalRatings: undefined,
    });
    expect(profile).toEqual({
      uid: "m1",
      displayName: "Marco",
      userType: "customer",
      averageRating: 0,
      totalRatings: 0,
      zone: "Milano",
    });
    expect(publicName(profile)).toBe("Marco");
  });

  it("never gives a blank public name", () => {
    expect(publicName({ displayName: "  Anna ", businessName: "  " })).toBe("Anna");
    expect(publicName({ displayName: "   " })).toBe("Utente");
  });
});

describe("a shop's public name waits for the admin's approval", () => {
  const shop = (status: string, approvedName?: string) => ({
    id: "s",
    email: "s@example.it",
    displayName: "Mario",
    userType: "merchant" as const,
    createdAt: new Date("2026-01-01T00:00:00Z"),
    businessName: "Nuovo Nome",
    shop: { status: status as "verified", partitaIva: "04812310151", categories: [], approvedName },
  });

  it("a verified shop shows its own name", () => {
    expect(toPublicProfile(shop("verified")).businessName).toBe("Nuovo Nome");
  });

  it("while a new name waits, or after it was refused, the last approved name stays public", () => {
    expect(toPublicProfile(shop("pending", "Vecchio Nome")).businessName).toBe("Vecchio Nome");
    expect(toPublicProfile(shop("refused", "Vecchio Nome")).businessName).toBe("Vecchio Nome");
    expect(publicBusinessName(shop("pending", "Vecchio Nome"))).toBe("Vecchio Nome");
  });

  it("a shop never approved has no public business name yet", () => {
    expect(toPublicProfile(shop("pending")).businessName).toBeUndefined();
  });
});
