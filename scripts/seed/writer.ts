import type {
  AcceptOfferInput,
  CompleteTransactionInput,
  RejectOfferInput,
  SubmitOfferInput,
} from "../../src/domain/boundary/callables";
import type { UserType } from "../../src/domain/core/user-type";
import type { NewMessageInput } from "../../src/domain/marketplace/message";
import type { NewRequestInput } from "../../src/domain/marketplace/request";
import type { WeeklyHours } from "../../src/domain/people/opening-hours";
import type { UserLocation } from "../../src/domain/people/user";

/**
 * The seed describes the marketplace as what its users do (sign up, publish, offer, chat,
 * accept, complete), never as raw documents. Each action goes through a writer whose inputs
 * are the domain's own input types, the ones the app and the callables take, so the writer can
 * hand them to the product's own code (./admin-writer.ts) and the seed cannot drift from real use.
 */

export interface Persona {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  businessName?: string;
  /** Shops only: verified through verifyShop's own code when the account is created. */
  partitaIva?: string;
  location: UserLocation;
  preferredCategories?: string[];
  /**
   * Shops: the phone, opening hours as days and times and the notes on them, as their public page shows
   * them (saved as the profile form does).
   */
  phone?: string;
  weeklyHours?: WeeklyHours;
  openingHours?: string;
}

/** Someone acting in the scenario. */
export interface Actor {
  uid: string;
  /** Name shown to others: the business name for merchants. */
  name: string;
  userType: UserType;
}

/** Every action happens at a given time, so the seeded history looks lived-in. */
export interface At {
  at: Date;
}

export interface SentOffer {
  offerId: string;
  conversationId: string;
}

export interface MarketplaceWriter {
  createAccount(persona: Persona, when: At): Promise<Actor>;
  /** Returns the new request id (`id` is a stable id chosen by the scenario). */
  publishRequest(customer: Actor, input: NewRequestInput, when: At & { id: string }): Promise<string>;
  cancelRequest(customer: Actor, requestId: string, when: At): Promise<void>;
  /**
   * The offer (id `{requestId}_{merchantId}`) and its conversation (same id), written together by
   * submitOffer, as the make-offer page asks it to; both sides' names come from their accounts.
   */
  sendOffer(merchant: Actor, input: SubmitOfferInput, when: At): Promise<SentOffer>;
  sendMessage(sender: Actor, input: NewMessageInput, when: At): Promise<string>;
  /** The buyer accepts the offer as stored (the terms they saw are read from it). */
  acceptOffer(customer: Actor, input: Pick<AcceptOfferInput, "offerId">, when: At): Promise<void>;
  rejectOffer(customer: Actor, input: RejectOfferInput, when: At): Promise<void>;
  completeTransaction(customer: Actor, input: CompleteTransactionInput, when: At): Promise<void>;
}
