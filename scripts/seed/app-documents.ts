import type { DocumentData, Timestamp } from "firebase-admin/firestore";
import { type NewConversationInput, newConversationInputSchema } from "../../src/domain/conversation";
import { requestGeoFields } from "../../src/domain/geo-cover";
import { MESSAGE_TYPES, type NewMessageInput, newMessageInputSchema } from "../../src/domain/message";
import { type NewOfferInput, newOfferInputSchema } from "../../src/domain/offer";
import { type NewRequestInput, newRequestInputSchema } from "../../src/domain/request";
import {
  CONVERSATION_STATUS,
  INITIAL_OFFER_STATUS,
  INITIAL_REQUEST_STATUS,
  REQUEST_STATUS,
} from "../../src/domain/state-machine";
import { monthlyAllowance } from "../../src/domain/tokens";
import { newUserInputSchema, profileUpdateSchema } from "../../src/domain/user";
import type { Persona } from "./writer";

/**
 * The documents the app writes itself, for the actions no function performs: the shapes of src/data's
 * createRequest, cancelRequest, saveOffer, sendMessage, createUserDoc and updateUserProfile, with the
 * scenario's time where the app puts a server timestamp. The seed cannot import those modules (they
 * read the SPA's Vite environment as they load), so each shape lives here until its builder moves to
 * src/domain, and from then on the seed takes it from there. Inputs go through the domain's input
 * schemas, as in the app.
 */

/** requests/{id} as createRequest publishes it. */
export function requestDocument(customerId: string, input: NewRequestInput, at: Timestamp): DocumentData {
  const draft = newRequestInputSchema.parse(input);
  const { geohash, ...prefixes } = requestGeoFields(draft.location);
  return {
    ...draft,
    location: { ...draft.location, geohash },
    ...prefixes,
    customerId,
    status: INITIAL_REQUEST_STATUS,
    createdAt: at,
    updatedAt: at,
  };
}

/** What cancelRequest changes on the owner's active request. */
export function requestCancellation(at: Timestamp): DocumentData {
  return { status: REQUEST_STATUS.cancelled, cancelledAt: at, updatedAt: at };
}

/** offers/{requestId}_{merchantId} as saveOffer first sends it. */
export function offerDocument(merchantId: string, input: NewOfferInput, at: Timestamp): DocumentData {
  const draft = newOfferInputSchema.parse(input);
  return {
    requestId: draft.requestId,
    merchantId,
    customerId: draft.customerId,
    merchantName: draft.merchantName,
    price: draft.price,
    description: draft.description,
    deliveryOptions: draft.deliveryOptions,
    ...(draft.estimatedDeliveryTime ? { estimatedDeliveryTime: draft.estimatedDeliveryTime } : {}),
    ...(draft.additionalNotes ? { additionalNotes: draft.additionalNotes } : {}),
    status: INITIAL_OFFER_STATUS,
    aiGenerated: draft.aiGenerated,
    createdAt: at,
    updatedAt: at,
  };
}

/** conversations/{offerId} as saveOffer opens it, in the same batch as the offer. */
export function conversationDocument(input: NewConversationInput, at: Timestamp): DocumentData {
  const parsed = newConversationInputSchema.parse(input);
  return {
    participants: parsed.participants,
    requestId: parsed.requestId,
    offerId: parsed.offerId,
    status: CONVERSATION_STATUS.active,
    createdAt: at,
    updatedAt: at,
  };
}

/** A message and the conversation's lastMessage/updatedAt, as sendMessage writes them in one batch. */
export function messageWrite(
  senderId: string,
  input: NewMessageInput,
  at: Timestamp,
): { message: DocumentData; conversationUpdate: DocumentData } {
  const parsed = newMessageInputSchema.parse(input);
  return {
    message: {
      conversationId: parsed.conversationId,
      senderId,
      senderName: parsed.senderName,
      senderType: parsed.senderType,
      content: parsed.content,
      type: MESSAGE_TYPES[0],
      readBy: [senderId],
      createdAt: at,
    },
    conversationUpdate: {
      lastMessage: { content: parsed.content, senderId, timestamp: at },
      updatedAt: at,
    },
  };
}

/**
 * users/{uid} of an account that has been in use for a while: what createUserDoc writes at sign-up,
 * the fields updateUserProfile lets its owner fill in, and the server-owned fields as they stand
 * after the first monthly token credit (only functions write those).
 */
export function userDocument(persona: Persona, at: Timestamp): DocumentData {
  const signUp = newUserInputSchema.parse({
    id: persona.uid,
    uid: persona.uid,
    email: persona.email,
    displayName: persona.displayName,
    userType: persona.userType,
    isVerified: false,
  });
  const profile = profileUpdateSchema.parse({
    firstName: persona.firstName,
    lastName: persona.lastName,
    businessName: persona.businessName,
    location: persona.location,
  });
  return {
    ...signUp,
    ...profile,
    createdAt: at,
    updatedAt: at,
    aiTokens: monthlyAllowance(persona.userType),
    monthlyTokensUsed: 0,
    aiInteractions: 0,
    lastTokenReset: at,
    tokenPurchases: [],
    averageRating: 0,
    totalRatings: 0,
    preferredCategories: persona.preferredCategories ?? [],
    successfulMatches: 0,
    learningProfile: { topSearchTerms: [] },
  };
}
