import { describe, expect, it } from "vitest";
import { encodeGeohash } from "../geo/geohash.ts";
import { buildUserDocument } from "../people/user-document.ts";
import { buildConversationDocument } from "./conversation-document.ts";
import { buildMessageWrite } from "./message-document.ts";
import { buildOfferDocument, pendingOfferUpdate } from "./offer-document.ts";
import { buildRequestDocument } from "./request-document.ts";

const NOW = "now";
const now = () => NOW;

describe("document builders", () => {
  it("builds an active request with geohash fields computed from its coordinates", () => {
    const { document: doc } = buildRequestDocument(
      {
        customerId: "buyer",
        request: {
          productName: "Bici",
          category: "sport",
          budget: { min: 10, max: 20 },
          urgency: "ore",
          deliveryPreference: "pickup",
          actionRadius: 5,
          location: { lat: 45.4642, lng: 9.19, address: "Milano" },
        },
      },
      now,
    );
    expect(doc).toMatchObject({ customerId: "buyer", status: "active", createdAt: NOW, updatedAt: NOW });
    expect(doc).not.toHaveProperty("id");
    expect(doc.location.geohash.slice(0, 5)).toBe(doc.gh5);
    expect(doc.gh4).toBe(doc.gh5.slice(0, 4));
    expect(doc.gh3).toBe(doc.gh5.slice(0, 3));
  });

  it("gives others a request's zone and grid position; the street and exact point come apart", () => {
    const exact = { lat: 45.474_63, lng: 9.205_31, address: "Via Tadino 5, Porta Venezia, Milano" };
    const { document, privateLocation } = buildRequestDocument(
      {
        customerId: "buyer",
        request: {
          productName: "Bici",
          category: "sport",
          budget: { min: 10, max: 20 },
          urgency: "ore",
          deliveryPreference: "pickup",
          actionRadius: 5,
          location: exact,
        },
      },
      now,
    );
    expect(document.location).toEqual({
      address: "Porta Venezia, Milano",
      lat: 45.47,
      lng: 9.21,
      geohash: encodeGeohash(45.47, 9.21, 9),
    });
    expect(document.gh5).toBe(encodeGeohash(45.47, 9.21, 5));
    expect(JSON.stringify(document)).not.toContain("Tadino");
    expect(privateLocation).toEqual({ customerId: "buyer", ...exact });
  });

  it("builds a pending offer and its conversation, and a message with the conversation's update", () => {
    const input = {
      requestId: "r1",
      customerId: "buyer",
      merchantName: "Negozio",
      price: 15,
      description: "Come nuova",
      deliveryOptions: ["pickup" as const],
    };
    expect(buildOfferDocument("shop", input, now)).toMatchObject({ merchantId: "shop", status: "pending" });
    expect(buildOfferDocument("shop", input, now)).not.toHaveProperty("additionalNotes");
    expect(buildOfferDocument("shop", input, now)).not.toHaveProperty("productName");
    expect(buildOfferDocument("shop", { ...input, productName: " Bici " }, now)).toMatchObject({
      productName: "Bici",
    });
    expect(pendingOfferUpdate(input, now, () => "removed")).toMatchObject({ additionalNotes: "removed" });
    const conversation = buildConversationDocument(
      {
        participants: {
          customerId: "buyer",
          customerName: "Ada",
          merchantId: "shop",
          merchantName: "Negozio",
        },
        requestId: "r1",
        offerId: "r1_shop",
        productName: "Bici",
      },
      now,
    );
    expect(conversation).toMatchObject({
      status: "active",
      offerId: "r1_shop",
      productName: "Bici",
    });
    // A new offer is unread in the buyer's unreadCounts (submitOffer), not on the conversation.
    expect(conversation).not.toHaveProperty("unreadOfferFor");
    const write = buildMessageWrite(
      "shop",
      { conversationId: "r1_shop", senderName: "Negozio", senderType: "merchant", content: "Ciao" },
      now,
    );
    expect(write.message).toMatchObject({ senderId: "shop", readBy: ["shop"], createdAt: NOW });
    expect(write.conversationUpdate.lastMessage).toEqual({
      content: "Ciao",
      senderId: "shop",
      timestamp: NOW,
    });
  });

  it("builds a sign-up users document without tokens or ratings, with the consent record", () => {
    const doc = buildUserDocument(
      { uid: "u1", email: "a@b.it", displayName: "A", userType: "customer", isVerified: false },
      now,
    );
    expect(Object.keys(doc).sort()).toEqual(
      [
        "consent",
        "createdAt",
        "displayName",
        "email",
        "id",
        "isVerified",
        "uid",
        "updatedAt",
        "userType",
      ].sort(),
    );
    expect(Object.keys(doc.consent).sort()).toEqual(["acceptedAt", "privacyVersion", "termsVersion"]);
  });
});
