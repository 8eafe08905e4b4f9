import { describe, expect, it } from "vitest";
import { validateWith } from "../core/validation.ts";
import { MERCHANT_MESSAGES } from "./marketplace-messages.ts";
import {
  newOfferInputSchema,
  offerIdFor,
  offerIdParts,
  offerSchema,
  offerTitle,
  shopMayReadRequest,
} from "./offer.ts";

const now = new Date();
const offer = {
  id: "o1",
  requestId: "r1",
  merchantId: "m1",
  price: 49.9,
  description: "Disponibile",
  deliveryOptions: ["pickup", "delivery"],
  status: "pending",
  aiGenerated: false,
  createdAt: now,
  updatedAt: now,
};

describe("offerSchema", () => {
  it("parses a stored offer with the spec's optional fields", () => {
    expect(offerSchema.safeParse(offer).success).toBe(true);
    expect(
      offerSchema.safeParse({
        ...offer,
        status: "rejected",
        rejectedAt: now,
        rejectionReason: "Prezzo troppo alto",
        customerRating: 5,
        ratedAt: now,
      }).success,
    ).toBe(true);
  });

  it("refuses bad prices, statuses and options", () => {
    expect(offerSchema.safeParse({ ...offer, price: 0 }).success).toBe(false);
    expect(offerSchema.safeParse({ ...offer, status: "matched" }).success).toBe(false);
    expect(offerSchema.safeParse({ ...offer, deliveryOptions: [] }).success).toBe(false);
    expect(offerSchema.safeParse({ ...offer, deliveryOptions: ["pickup", "pickup"] }).success).toBe(false);
  });
});

describe("newOfferInputSchema", () => {
  const input = {
    requestId: "r1",
    customerId: "u1",
    merchantName: "Bici Milano",
    price: 10,
    description: " Pronta ",
    deliveryOptions: ["pickup"],
  };

  it("trims and defaults aiGenerated", () => {
    expect(newOfferInputSchema.parse(input)).toEqual({ ...input, description: "Pronta", aiGenerated: false });
  });

  it("refuses with the spec's messages", () => {
    expect(validateWith(newOfferInputSchema, { ...input, price: -2 })).toEqual({
      ok: false,
      message: "Inserisci un prezzo valido",
    });
    expect(validateWith(newOfferInputSchema, { ...input, price: "10" })).toEqual({
      ok: false,
      message: "Inserisci un prezzo valido",
    });
    expect(validateWith(newOfferInputSchema, { ...input, description: "  " })).toEqual({
      ok: false,
      message: "Compila tutti i campi obbligatori",
    });
    expect(validateWith(newOfferInputSchema, { ...input, deliveryOptions: [] })).toEqual({
      ok: false,
      message: "Compila tutti i campi obbligatori",
    });
  });
});

describe("a shop's view of its offer's request", () => {
  it("reads the request only while the offer is pending or once it won (firestore.rules)", () => {
    expect(shopMayReadRequest("pending")).toBe(true);
    expect(shopMayReadRequest("accepted")).toBe(true);
    expect(shopMayReadRequest("rejected")).toBe(false);
    expect(shopMayReadRequest("expired")).toBe(false);
  });

  it("titles the offer with the request's name, else the offer's copy, else a neutral text", () => {
    const lamp = { productName: "Lampada" };
    expect(offerTitle({ status: "accepted" }, lamp)).toBe("Lampada");
    expect(offerTitle({ status: "rejected", productName: "Lampada LED" }, null)).toBe("Lampada LED");
    expect(offerTitle({ status: "rejected" }, null)).toBe(MERCHANT_MESSAGES.closedRequestTitle);
    expect(offerTitle({ status: "pending" }, null)).toBe(MERCHANT_MESSAGES.requestUnavailable);
  });
});

describe("offerIdParts", () => {
  it("names the request and the shop of an id made by offerIdFor", () => {
    expect(offerIdParts(offerIdFor("demo-req-caricatore", "demo-negozio-1"))).toEqual({
      requestId: "demo-req-caricatore",
      merchantId: "demo-negozio-1",
    });
    expect(offerIdParts(offerIdFor("form-3fa9c2", "Xk29aQ7pL0mN3bV8cD1eF5gH2iJ4"))).toEqual({
      requestId: "form-3fa9c2",
      merchantId: "Xk29aQ7pL0mN3bV8cD1eF5gH2iJ4",
    });
  });

  it("knows nothing of an id of another shape", () => {
    expect(offerIdParts("senza-separatore")).toBeUndefined();
    expect(offerIdParts("a_b_c")).toBeUndefined();
    expect(offerIdParts("_shop")).toBeUndefined();
    expect(offerIdParts("req_")).toBeUndefined();
  });
});
