import { describe, expect, it } from "vitest";
import type { Offer } from "@/domain/offer";
import type { Request } from "@/domain/request";
import { canCompleteWith, dealStage } from "./deal-stage";

const NOW = new Date();

const offer = (overrides: Partial<Offer> = {}): Offer => ({
  id: "o1",
  requestId: "r1",
  merchantId: "shop",
  price: 10,
  description: "",
  deliveryOptions: ["pickup"],
  status: "pending",
  aiGenerated: false,
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

const request = (overrides: Partial<Request> = {}): Request =>
  ({
    id: "r1",
    customerId: "buyer",
    status: "active",
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  }) as Request;

describe("dealStage", () => {
  it("is pending while the offer waits on an active request", () => {
    expect(dealStage(offer(), request())).toBe("pending");
  });

  it("is closed when the request stopped taking offers or the offer was rejected", () => {
    expect(dealStage(offer(), request({ status: "cancelled" }))).toBe("closed");
    expect(dealStage(offer({ status: "rejected" }), request())).toBe("closed");
  });

  it("is accepted, and completable only on this offer's in-progress request", () => {
    const accepted = offer({ status: "accepted" });
    expect(dealStage(accepted, request({ status: "in_progress", acceptedOfferId: "o1" }))).toBe("accepted");
    expect(canCompleteWith(accepted, request({ status: "in_progress", acceptedOfferId: "o1" }))).toBe(true);
    expect(canCompleteWith(accepted, request({ status: "in_progress", acceptedOfferId: "other" }))).toBe(
      false,
    );
    expect(canCompleteWith(accepted, null)).toBe(false);
  });

  it("is completed once the request was completed with this offer, or the offer carries a rating", () => {
    const accepted = offer({ status: "accepted" });
    expect(dealStage(accepted, request({ status: "completed", completedOfferId: "o1" }))).toBe("completed");
    expect(dealStage(offer({ status: "accepted", customerRating: 4 }), null)).toBe("completed");
  });
});
