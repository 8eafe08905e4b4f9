import { FieldValue } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { DEFAULT_REQUEST_LOCATION } from "@/domain/limits";
import { requestDocument } from "./publish";

describe("requestDocument", () => {
  it("publishes what Algo collected with the spec's defaults, the geohash fields and server timestamps", () => {
    const { request, doc } = requestDocument({
      uid: "buyer-1",
      requestId: "req-1",
      conversationId: "algo-1",
      fields: { productName: "Scarpe da corsa", category: "sport", budget: { min: 50, max: 120 } },
      imageAnalyzed: false,
    });
    expect(request.productName).toBe("Scarpe da corsa");
    expect(Object.keys(doc).sort()).toEqual(
      [
        "id",
        "customerId",
        "productName",
        "description",
        "category",
        "budget",
        "urgency",
        "deliveryPreference",
        "actionRadius",
        "location",
        "gh3",
        "gh4",
        "gh5",
        "productDetails",
        "status",
        "aiGenerated",
        "imageAnalyzed",
        "algoConversationId",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
    expect(doc).toMatchObject({
      id: "req-1",
      customerId: "buyer-1",
      productName: "Scarpe da corsa",
      category: "sport",
      budget: { min: 50, max: 120 },
      actionRadius: 10,
      location: { lat: DEFAULT_REQUEST_LOCATION.lat, lng: DEFAULT_REQUEST_LOCATION.lng },
      status: "active",
      aiGenerated: true,
      imageAnalyzed: false,
      algoConversationId: "algo-1",
    });
    expect(doc.location.geohash.startsWith(doc.gh5)).toBe(true);
    expect(doc.gh5.startsWith(doc.gh4) && doc.gh4.startsWith(doc.gh3)).toBe(true);
    expect(doc.createdAt).toEqual(FieldValue.serverTimestamp());
  });
});
