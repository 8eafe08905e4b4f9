import { Timestamp } from "firebase/firestore";
import { describe, expect, it, vi } from "vitest";
import { offerIdFor } from "@/domain/marketplace/offer";
import { parseConversation } from "./conversations";
import { parseOffer } from "./offer-documents";

const at = Timestamp.fromMillis(Date.UTC(2025, 4, 2, 10));

describe("offers", () => {
  it("has one deterministic id per merchant and request", () => {
    expect(offerIdFor("req-1", "shop-9")).toBe("req-1_shop-9");
  });

  it("parses a stored offer and skips a malformed one with a warning", () => {
    const stored = {
      requestId: "req-1",
      merchantId: "shop-9",
      customerId: "buyer-1",
      merchantName: "Bici & Co.",
      price: 120,
      description: "Usata, revisionata",
      deliveryOptions: ["pickup"],
      status: "pending",
      aiGenerated: false,
      createdAt: at,
      updatedAt: at,
    };
    expect(parseOffer("req-1_shop-9", stored)).toMatchObject({ id: "req-1_shop-9", price: 120 });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(parseOffer("x", { ...stored, price: 0 })).toBeNull();
    expect(parseOffer("x", { ...stored, deliveryOptions: [] })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it("parses a conversation and skips a malformed one", () => {
    const stored = {
      participants: {
        customerId: "buyer-1",
        customerName: "Giulia",
        merchantId: "shop-9",
        merchantName: "Bici & Co.",
      },
      requestId: "req-1",
      offerId: "req-1_shop-9",
      status: "active",
      createdAt: at,
      updatedAt: at,
    };
    expect(parseConversation("req-1_shop-9", stored)?.participants.customerName).toBe("Giulia");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(parseConversation("x", { ...stored, participants: undefined })).toBeNull();
    warn.mockRestore();
  });
});
