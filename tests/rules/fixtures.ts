// Users and documents for the rules tests, in the shapes the app's data layer (src/data) and the
// functions write. Client-side writes use serverTimestamp(), as the rules require; seeded documents
// (written by "functions") carry fixed dates.

import { type DocumentData, serverTimestamp, Timestamp } from "firebase/firestore";
import { newConversationFields } from "../../src/data/conversations";
import { newRequestDocument } from "../../src/data/requests";
import type {
  Condition,
  DeliveryOption,
  DeliveryPreference,
  RequestCategory,
  Urgency,
} from "../../src/domain/enums";
import type { MessageType } from "../../src/domain/message";
import {
  INITIAL_OFFER_STATUS,
  INITIAL_REQUEST_STATUS,
  type OfferStatus,
  type RequestStatus,
} from "../../src/domain/state-machine";
import type { UserType } from "../../src/domain/user-type";

export const BUYER = "buyer";
export const OTHER_BUYER = "other-buyer";
export const SHOP = "shop";
export const OTHER_SHOP = "other-shop";

/** Seeded before every test (environment.ts), each with its role. */
export const SEEDED_USERS: Readonly<Record<string, UserType>> = {
  [BUYER]: "customer",
  [OTHER_BUYER]: "customer",
  [SHOP]: "merchant",
  [OTHER_SHOP]: "merchant",
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
  };
}

/** What src/data/users.ts createUserDoc writes at sign-up. */
export function signUpFields(uid: string, userType: UserType): DocumentData {
  return {
    id: uid,
    uid,
    email: emailOf(uid),
    displayName: "Giulia Rossi",
    userType,
    isVerified: false,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  };
}

export const MILANO = { address: "Piazza del Duomo, Milano", lat: 45.4642, lng: 9.19 };

/** What src/data/requests.ts createRequest writes (its own builder): a valid request of `customerId`. */
export function newRequestFields(customerId: string): DocumentData {
  return newRequestDocument(
    customerId,
    {
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

/** What src/data/offers.ts saveOffer writes for a new offer. */
export function newOfferFields(requestId: string, merchantId: string, customerId: string): DocumentData {
  return {
    requestId,
    merchantId,
    customerId,
    merchantName: "Bici & Co.",
    price: 180,
    description: "Revisionata, con garanzia di sei mesi",
    deliveryOptions: ["pickup"] satisfies DeliveryOption[],
    status: INITIAL_OFFER_STATUS,
    aiGenerated: false,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  };
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

/** What saveOffer writes for the offer's conversation (its id is the offer's). */
export function newConversationDoc(
  offerId: string,
  requestId: string,
  customerId: string,
  merchantId: string,
) {
  return {
    ...newConversationFields({
      participants: { customerId, customerName: "Giulia", merchantId, merchantName: "Bici & Co." },
      requestId,
      offerId,
    }),
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  };
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

/** What src/data/messages.ts sendMessage writes for the message. */
export function newMessageFields(
  conversationId: string,
  senderId: string,
  senderType: UserType,
): DocumentData {
  return {
    conversationId,
    senderId,
    senderName: `Utente ${senderId}`,
    senderType,
    content: "È ancora disponibile?",
    type: "text" satisfies MessageType,
    readBy: [senderId],
    createdAt: serverTimestamp(),
  };
}

export function storedMessage(conversationId: string, senderId: string, senderType: UserType): DocumentData {
  return { ...newMessageFields(conversationId, senderId, senderType), createdAt: EARLIER };
}
