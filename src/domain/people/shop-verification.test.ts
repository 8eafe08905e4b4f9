import { describe, expect, it } from "vitest";
import { isVerifiedShop, shopVerificationInputSchema } from "./shop-verification";
import { SHOP_VERIFICATION_MESSAGES } from "./shop-verification-messages";

const valid = {
  businessName: "Ferramenta Rossi",
  partitaIva: "IT 00743110157",
  address: "Via Roma 1, Milano",
  position: { lat: 45.4642, lng: 9.19, zone: "Milano" },
  categories: ["casa", "casa", "elettronica"],
};

function firstMessage(input: unknown): string | undefined {
  const parsed = shopVerificationInputSchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe("shop verification input", () => {
  it("normalizes the Partita IVA and de-duplicates categories", () => {
    const parsed = shopVerificationInputSchema.parse(valid);
    expect(parsed.partitaIva).toBe("00743110157");
    expect(parsed.categories).toEqual(["casa", "elettronica"]);
  });

  it("says in Italian what is missing or wrong", () => {
    expect(firstMessage({ ...valid, businessName: "  " })).toBe(
      SHOP_VERIFICATION_MESSAGES.businessNameRequired,
    );
    expect(firstMessage({ ...valid, partitaIva: "00743110158" })).toBe(
      SHOP_VERIFICATION_MESSAGES.partitaIvaInvalid,
    );
    expect(firstMessage({ ...valid, address: "" })).toBe(SHOP_VERIFICATION_MESSAGES.addressRequired);
    expect(firstMessage({ ...valid, categories: [] })).toBe(SHOP_VERIFICATION_MESSAGES.categoriesRequired);
    expect(firstMessage({ ...valid, position: { lat: 200, lng: 9 } })).toBeDefined();
  });

  it("grants shop powers only to a merchant with a verified shop", () => {
    expect(isVerifiedShop({ userType: "merchant", shop: { status: "verified" } })).toBe(true);
    expect(isVerifiedShop({ userType: "merchant" })).toBe(false);
    expect(isVerifiedShop({ userType: "customer", shop: { status: "verified" } })).toBe(false);
  });
});
