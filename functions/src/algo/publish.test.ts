import { FieldValue } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { requestDocument } from "./publish";

describe("requestDocument", () => {
  it("publishes what Algo collected with the spec's defaults, the geohash fields and server timestamps", () => {
    const { request, doc, privateLocation } = requestDocument({
      uid: "buyer-1",
      requestId: "req-1",
      conversationId: "algo-1",
      fields: { productName: "Scarpe da corsa", category: "sport", budget: { min: 50, max: 120 } },
      location: { address: "Via Tadino 5, Milano", lat: 45.4781, lng: 9.2066 },
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
      location: { address: "Milano", lat: 45.48, lng: 9.21 },
      status: "active",
      aiGenerated: true,
      imageAnalyzed: false,
      algoConversationId: "algo-1",
    });
    expect(doc.location.geohash.startsWith(doc.gh5)).toBe(true);
    expect(doc.gh5.startsWith(doc.gh4) && doc.gh4.startsWith(doc.gh3)).toBe(true);
    expect(privateLocation).toEqual({
      customerId: "buyer-1",
      address: "Via Tadino 5, Milano",
      lat: 45.4781,
      lng: 9.2066,
    });
    expect(doc.createdAt).toEqual(FieldValue.serverTimestamp());
  });

  it("publishes the free form's request without a conversation: not aiGenerated, no algoConversationId", () => {
    const { request, doc } = requestDocument({
      uid: "buyer-1",
      requestId: "req-2",
      fields: { productName: "Trapano", category: "casa" },
      location: { address: "Milano (MI)", lat: 45.4642, lng: 9.19 },
      imageAnalyzed: false,
    });
    expect(request.aiGenerated).toBe(false);
    expect(doc.aiGenerated).toBe(false);
    expect(doc).not.toHaveProperty("algoConversationId");
    expect(doc).toMatchObject({
      budget: { min: 0, max: 1000 },
      urgency: "giorni",
      deliveryPreference: "both",
    });
  });
});
