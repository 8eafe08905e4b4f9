import { describe, expect, it } from "vitest";
import {
  formatAverageRating,
  openingHoursSchema,
  phoneSchema,
  ratingCountLabel,
  reviewDocument,
  reviewerFirstName,
  SHOP_PAGE_MESSAGES,
} from "./shop-page.ts";
import { toPublicProfile, type User } from "./user.ts";

describe("the shop page's fields", () => {
  it("accepts Italian phone numbers as people type them, and an empty one", () => {
    expect(phoneSchema.parse(" 02  1234567 ")).toBe("02 1234567");
    expect(phoneSchema.parse("+39 333 123 4567")).toBe("+39 333 123 4567");
    expect(phoneSchema.parse("(02) 89.40.12-34")).toBe("(02) 89.40.12-34");
    expect(phoneSchema.parse("")).toBe("");
  });

  it("refuses what is not a phone number, in Italian", () => {
    for (const bad of ["12345", "chiamami", "02 1234567 int. 4", "+39 1234 5678 9012 3456"]) {
      const result = phoneSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(SHOP_PAGE_MESSAGES.phoneInvalid);
    }
  });

  it("keeps opening hours as trimmed lines and refuses too many", () => {
    expect(openingHoursSchema.parse("  Lun-Ven 9-19 \n\n Sab   9-13 ")).toBe("Lun-Ven 9-19\nSab 9-13");
    const result = openingHoursSchema.safeParse(Array.from({ length: 9 }, (_, i) => `riga ${i}`).join("\n"));
    expect(result.error?.issues[0]?.message).toBe(SHOP_PAGE_MESSAGES.openingHoursTooLong);
    expect(openingHoursSchema.safeParse("x".repeat(301)).success).toBe(false);
  });

  it("signs a review with the buyer's first name only", () => {
    expect(reviewerFirstName({ firstName: "Giulia", displayName: "Giulia Rossi" })).toBe("Giulia");
    expect(reviewerFirstName({ displayName: "Luca Ferrari" })).toBe("Luca");
    expect(reviewerFirstName({ displayName: "  " })).toBe(SHOP_PAGE_MESSAGES.anonymousReviewer);
    expect(reviewDocument({ rating: 4, buyer: { displayName: "Giulia Rossi" }, at: 1 })).toEqual({
      rating: 4,
      buyerFirstName: "Giulia",
      createdAt: 1,
    });
  });

  it("formats the average and the count in Italian", () => {
    expect(formatAverageRating(4.25)).toBe("4,3");
    expect(formatAverageRating(4)).toBe("4,0");
    expect(ratingCountLabel(1)).toBe("1 valutazione");
    expect(ratingCountLabel(12)).toBe("12 valutazioni");
  });
});

describe("the public projection of a shop", () => {
  const shop: User = {
    id: "s1",
    email: "negozio@example.it",
    displayName: "Marco Bianchi",
    userType: "merchant",
    createdAt: new Date("2026-01-01"),
    businessName: "Elettronica Navigli",
    location: { lat: 45.45, lng: 9.17, address: "Ripa di Porta Ticinese 41, Milano", zone: "Milano" },
    phone: "02 1234567",
    openingHours: "Lun-Sab 9-19",
    shop: {
      status: "verified",
      partitaIva: "04812310151",
      categories: ["elettronica"],
      verifiedAt: new Date(),
    },
  };

  it("publishes address, categories, phone and hours of a verified shop, never the Partita IVA", () => {
    const profile = toPublicProfile(shop);
    expect(profile.shop).toEqual({
      address: "Ripa di Porta Ticinese 41, Milano",
      categories: ["elettronica"],
      phone: "02 1234567",
      openingHours: "Lun-Sab 9-19",
    });
    expect(JSON.stringify(profile)).not.toContain("04812310151");
  });

  it("leaves empty phone and hours out, and publishes no shop for an unverified merchant or a buyer", () => {
    expect(toPublicProfile({ ...shop, phone: "", openingHours: " " }).shop).toEqual({
      address: "Ripa di Porta Ticinese 41, Milano",
      categories: ["elettronica"],
    });
    expect(toPublicProfile({ ...shop, shop: undefined }).shop).toBeUndefined();
    expect(toPublicProfile({ ...shop, userType: "customer" }).shop).toBeUndefined();
  });

  it("publishes the days and times beside the free-text notes, and no hours without an open day", () => {
    const weeklyHours = { mon: [{ open: "09:00", close: "19:00" }] };
    expect(toPublicProfile({ ...shop, weeklyHours }).shop).toMatchObject({
      weeklyHours,
      openingHours: "Lun-Sab 9-19",
    });
    expect(toPublicProfile({ ...shop, weeklyHours: { sun: [] } }).shop).not.toHaveProperty("weeklyHours");
  });
});
