// Users and documents for the rules tests. What a client writes comes from the domain's document
// builders (src/domain/*-document.ts), the ones the app's data layer and the seed use, so the rules are
// tested against the very shapes the app writes. Client-side writes use serverTimestamp(), as the rules
// require; seeded documents (written by "functions") carry fixed dates.

import { type DocumentData, serverTimestamp, Timestamp } from "firebase/firestore";
import type {
  Condition,
  DeliveryOption,
  DeliveryPreference,
  RequestCategory,
  Urgency,
} from "../../src/domain/core/enums";
import type { UserType } from "../../src/domain/core/user-type";
import { shopAreaAround } from "../../src/domain/geo/shop-area";
import { buildConversationDocument } from "../../src/domain/marketplace/conversation-document";
import { buildMessageWrite } from "../../src/domain/marketplace/message-document";
import { buildOfferDocument } from "../../src/domain/marketplace/offer-document";
import { buildRequestDocument } from "../../src/domain/marketplace/request-document";
import {
  INITIAL_OFFER_STATUS,
  INITIAL_REQUEST_STATUS,
  type OfferStatus,
  type RequestStatus,
} from "../../src/domain/marketplace/state-machine";
import { SHOP_STATUS } from "../../src/domain/people/shop-verification";
import { buildUserDocument } from "../../src/domain/people/user-document";

export const BUYER = "buyer";
export const OTHER_BUYER = "other-buyer";
export const SHOP = "shop";
export const OTHER_SHOP = "other-shop";
/** Signed up as a merchant (a field the client writes) but never verified by verifyShop. */
export const UNVERIFIED_SHOP = "unverified-shop";

/** Seeded before every test (environment.ts), each with its role. */
export const SEEDED_USERS: Readonly<Record<string, UserType>> = {
  [BUYER]: "customer",
  [OTHER_BUYER]: "customer",
  [SHOP]: "merchant",
  [OTHER_SHOP]: "merchant",
  [UNVERIFIED_SHOP]: "merchant",
};

export const emailOf = (uid: string) => `${uid}@example.it`;

export const EARLIER = Timestamp.fromDate(new Date("2025-01-01T10:00:00Z"));

/** users/{uid} as it stands after sign-up and the functions' first writes (tokens, rating). */
export function storedUser(uid: string, userType: UserType): DocumentData {
  return {
    id: uid,
    uid,
    email: emailOf(uid),
    displayName: `Utente ${uid}`,
    userType,
    isVerified: false,
    aiTokens: 10,
    monthlyTokensUsed: 2,
    averageRating: 0,
    totalRatings: 0,
    createdAt: EARLIER,
    updatedAt: EARLIER,
    // The shops of the suite have been through verifyShop; UNVERIFIED_SHOP has not.
    ...(userType === "merchant" && uid !== UNVERIFIED_SHOP
      ? {
          shop: {
            status: SHOP_STATUS.verified,
            partitaIva: "04812310151",
            categories: ["casa"],
            verifiedAt: EARLIER,
          },
        }
      : {}),
  };
}

/** What a sign-up writes (buildUserDocument). */
export function signUpFields(uid: string, userType: UserType): DocumentData {
  return buildUserDocument(
    { uid, email: emailOf(uid), displayName: "Giulia Rossi", userType, isVerified: false },
    serverTimestamp,
  );
}

export const MILANO = { address: "Piazza del Duomo, Milano", lat: 45.4642, lng: 9.19 };

/** shopAreas/{uid} as syncProfile writes it for a verified shop at `center` (Milano by default). */
export function storedShopArea(center: { lat: number; lng: number } = MILANO): DocumentData {
  return shopAreaAround(center);
}

/**
 * A new request of `customerId` as algoChat publishes it (buildRequestDocument); clients may no longer
 * write it, so the rules tests use it to show the refusal. `requestWrite` also gives its private location.
 */
export function newRequestFields(customerId: string): DocumentData {
  return requestWrite(customerId).document;
}

export function requestWrite(customerId: string) {
  return buildRequestDocument(
    {
      customerId,
      request: {
        productName: "Bici da città",
        description: "Anche usata, purché revisionata",
        category: "sport" satisfies RequestCategory,
        budget: { min: 100, max: 300 },
        urgency: "48h" satisfies Urgency,
        deliveryPreference: "pickup" satisfies DeliveryPreference,
        actionRadius: 10,
        location: MILANO,
        productDetails: { condition: "usato" satisfies Condition },
      },
    },
    serverTimestamp,
  );
}

/** A request as stored, in any status. */
export function storedRequest(
  customerId: string,
  status: RequestStatus = INITIAL_REQUEST_STATUS,
): DocumentData {
  return { ...newRequestFields(customerId), status, createdAt: EARLIER, updatedAt: EARLIER };
}

/**
 * A new offer as submitOffer builds it (buildOfferDocument); clients may no longer write it, so the
 * rules tests use it to show the refusal.
 */
export function newOfferFields(requestId: string, merchantId: string, customerId: string): DocumentData {
  return buildOfferDocument(
    merchantId,
    {
      requestId,
      customerId,
      merchantName: "Bici & Co.",
      price: 180,
      description: "Revisionata, con garanzia di sei mesi",
      deliveryOptions: ["pickup"] satisfies DeliveryOption[],
    },
    serverTimestamp,
  );
}

/** An offer as stored, in any status. */
export function storedOffer(
  requestId: string,
  merchantId: string,
  customerId: string,
  status: OfferStatus = INITIAL_OFFER_STATUS,
): DocumentData {
  return {
    ...newOfferFields(requestId, merchantId, customerId),
    status,
    createdAt: EARLIER,
    updatedAt: EARLIER,
  };
}

/** The offer's conversation as submitOffer opens it (its id is the offer's); clients may not. */
export function newConversationDoc(
  offerId: string,
  requestId: string,
  customerId: string,
  merchantId: string,
) {
  return buildConversationDocument(
    {
      participants: { customerId, customerName: "Giulia", merchantId, merchantName: "Bici & Co." },
      requestId,
      offerId,
    },
    serverTimestamp,
  );
}

export function storedConversation(
  offerId: string,
  requestId: string,
  customerId: string,
  merchantId: string,
) {
  return {
    ...newConversationDoc(offerId, requestId, customerId, merchantId),
    createdAt: EARLIER,
    updatedAt: EARLIER,
  };
}

/** What a participant's client writes for a message (buildMessageWrite). */
export function newMessageFields(
  conversationId: string,
  senderId: string,
  senderType: UserType,
): DocumentData {
  return buildMessageWrite(
    senderId,
    { conversationId, senderName: `Utente ${senderId}`, senderType, content: "È ancora disponibile?" },
    serverTimestamp,
  ).message;
}

export function storedMessage(conversationId: string, senderId: string, senderType: UserType): DocumentData {
  return { ...newMessageFields(conversationId, senderId, senderType), createdAt: EARLIER };
}
