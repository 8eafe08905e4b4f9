import { describe, expect, it } from "vitest";
import { CHAT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import type { Offer } from "@/domain/marketplace/offer";
import type { Request } from "@/domain/marketplace/request";
import { REQUEST_LIFE_MESSAGES } from "@/domain/marketplace/request-life-messages";
import { canCompleteWith, closedReason, dealStage } from "./deal-stage";

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

describe("closedReason (mirrors the rules' isOpen)", () => {
  const request = (status: Request["status"]) => ({ id: "r1", status }) as Request;

  it("is open while the offer is pending or accepted and the request active or in progress", () => {
    expect(closedReason(offer(), request("active"))).toBeNull();
    expect(closedReason(offer({ status: "accepted" }), request("in_progress"))).toBeNull();
    expect(closedReason(offer({ status: "accepted" }), null)).toBeNull();
  });

  it("names why it closed", () => {
    expect(closedReason(offer({ status: "rejected" }), request("active"))).toBe(
      CHAT_MESSAGES.closedOfferRejected,
    );
    expect(closedReason(offer({ status: "expired" }), null)).toBe(CHAT_MESSAGES.closedOfferExpired);
    expect(closedReason(offer(), request("cancelled"))).toBe(CHAT_MESSAGES.closedRequestCancelled);
    expect(closedReason(offer({ status: "accepted" }), request("completed"))).toBe(
      CHAT_MESSAGES.closedRequestCompleted,
    );
    expect(closedReason(offer({ status: "withdrawn" }), request("active"))).toBe(
      REQUEST_LIFE_MESSAGES.closedOfferWithdrawn,
    );
    expect(closedReason(offer({ status: "cancelled" }), request("active"))).toBe(
      REQUEST_LIFE_MESSAGES.closedDealCancelled,
    );
    expect(closedReason(offer(), request("expired"))).toBe(REQUEST_LIFE_MESSAGES.closedRequestExpired);
    // A shop that won follows the offer: its rating marks the completed deal.
    expect(closedReason(offer({ status: "accepted", customerRating: 5 }), null)).toBe(
      CHAT_MESSAGES.closedRequestCompleted,
    );
  });
});
