import {
  type DocumentData,
  type DocumentReference,
  type Firestore,
  Timestamp,
  type Transaction,
} from "firebase-admin/firestore";
import type { z } from "zod";
import {
  type AcceptOfferInput,
  acceptOfferInputSchema,
  type CompleteTransactionInput,
  completeTransactionInputSchema,
  type RejectOfferInput,
  rejectOfferInputSchema,
} from "../../src/domain/callables";
import {
  type Conversation,
  conversationSchema,
  type NewConversationInput,
  newConversationInputSchema,
} from "../../src/domain/conversation";
import { requestGeoFields } from "../../src/domain/geo-cover";
import {
  type Message,
  messageSchema,
  type NewMessageInput,
  newMessageInputSchema,
} from "../../src/domain/message";
import { type NewOfferInput, newOfferInputSchema, type Offer, offerSchema } from "../../src/domain/offer";
import {
  type NewRequestInput,
  newRequestInputSchema,
  type Request,
  requestSchema,
} from "../../src/domain/request";
import {
  assertOfferTransition,
  assertRequestTransition,
  INITIAL_OFFER_STATUS,
  INITIAL_REQUEST_STATUS,
  type OfferStatus,
  type RequestStatus,
} from "../../src/domain/state-machine";
import { monthlyAllowance } from "../../src/domain/tokens";
import { publicProfileSchema, toPublicProfile, type User, userSchema } from "../../src/domain/user";
import type { Actor, At, MarketplaceWriter, Persona } from "./writer";

/** Collection names (spec §3). */
export const COLLECTIONS = {
  users: "users",
  profiles: "profiles",
  requests: "requests",
  offers: "offers",
  conversations: "conversations",
  messages: "messages",
} as const;

export class SeedValidationError extends Error {
  override name = "SeedValidationError";
}

/** Parses with a domain schema; a failure names the document and every problem. */
function validate<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "(documento)"}: ${issue.message}`,
    );
    throw new SeedValidationError(`Dato di seed non valido in ${where}: ${problems.join("; ")}`);
  }
  return parsed.data;
}

/** Firestore → domain: Timestamps become Dates, at any depth. */
export function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fromFirestore(inner)]));
  }
  return value;
}

/** Domain → Firestore: Dates become Timestamps, undefined fields are dropped, `id` lives in the path. */
export function toFirestore(entity: object, keepId = false): DocumentData {
  const convert = (value: unknown): unknown => {
    if (value instanceof Date) return Timestamp.fromDate(value);
    if (Array.isArray(value)) return value.map(convert);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, inner]) => inner !== undefined)
          .map(([key, inner]) => [key, convert(inner)]),
      );
    }
    return value;
  };
  const { id, ...rest } = entity as { id?: unknown };
  return convert(keepId ? { id, ...rest } : rest) as DocumentData;
}

function ensure(result: { ok: true } | { ok: false; message: string }, where: string): void {
  if (!result.ok) throw new SeedValidationError(`${where}: ${result.message}`);
}

/**
 * Writes the scenario straight into Firestore with firebase-admin, doing what the product
 * would do for each action (the same fields, the same state machine, the same transactions)
 * and validating every resulting document with the domain's schemas before it is written.
 */
export class AdminSeedWriter implements MarketplaceWriter {
  constructor(
    private readonly db: Firestore,
    private readonly createAuthAccount: (persona: Persona) => Promise<void>,
  ) {}

  private request(id: string) {
    return this.db.collection(COLLECTIONS.requests).doc(id);
  }
  private offer(id: string) {
    return this.db.collection(COLLECTIONS.offers).doc(id);
  }

  private async read<S extends z.ZodType>(
    tx: Transaction,
    ref: DocumentReference,
    schema: S,
  ): Promise<z.output<S>> {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new SeedValidationError(`${ref.path} non esiste`);
    return validate(schema, { ...(fromFirestore(snapshot.data()) as object), id: snapshot.id }, ref.path);
  }

  async createAccount(persona: Persona, { at }: At): Promise<Actor> {
    await this.createAuthAccount(persona);
    const user: User = validate(
      userSchema,
      {
        id: persona.uid,
        uid: persona.uid,
        email: persona.email,
        displayName: persona.displayName,
        userType: persona.userType,
        createdAt: at,
        updatedAt: at,
        isVerified: false,
        firstName: persona.firstName,
        lastName: persona.lastName,
        businessName: persona.businessName,
        location: persona.location,
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
      },
      `${COLLECTIONS.users}/${persona.uid}`,
    );
    const profile = validate(
      publicProfileSchema,
      toPublicProfile(user),
      `${COLLECTIONS.profiles}/${persona.uid}`,
    );
    const batch = this.db.batch();
    batch.set(this.db.collection(COLLECTIONS.users).doc(persona.uid), toFirestore(user, true));
    batch.set(this.db.collection(COLLECTIONS.profiles).doc(persona.uid), toFirestore(profile, true));
    await batch.commit();
    return {
      uid: persona.uid,
      name: persona.businessName ?? persona.displayName,
      userType: persona.userType,
    };
  }

  async publishRequest(
    customer: Actor,
    input: NewRequestInput,
    { at, id }: At & { id: string },
  ): Promise<string> {
    const draft = validate(newRequestInputSchema, input, `richiesta ${id}`);
    const { geohash, ...prefixes } = requestGeoFields(draft.location);
    const request: Request = validate(
      requestSchema,
      {
        ...draft,
        id,
        customerId: customer.uid,
        location: { ...draft.location, geohash },
        ...prefixes,
        status: INITIAL_REQUEST_STATUS,
        createdAt: at,
        updatedAt: at,
      },
      `${COLLECTIONS.requests}/${id}`,
    );
    await this.request(id).create(toFirestore(request));
    return id;
  }

  async cancelRequest(customer: Actor, requestId: string, { at }: At): Promise<void> {
    await this.db.runTransaction(async (tx) => {
      const ref = this.request(requestId);
      const request = await this.read(tx, ref, requestSchema);
      if (request.customerId !== customer.uid)
        throw new SeedValidationError(`${ref.path}: non è di ${customer.uid}`);
      ensure(assertRequestTransition(request.status, "cancelled"), ref.path);
      const next = validate(
        requestSchema,
        { ...request, status: "cancelled", cancelledAt: at, updatedAt: at },
        ref.path,
      );
      tx.set(ref, toFirestore(next));
    });
  }

  async sendOffer(merchant: Actor, input: NewOfferInput, { at, id }: At & { id: string }): Promise<string> {
    const draft = validate(newOfferInputSchema, input, `offerta ${id}`);
    await this.db.runTransaction(async (tx) => {
      const request = await this.read(tx, this.request(draft.requestId), requestSchema);
      if (request.status !== "active") {
        throw new SeedValidationError(`offerta ${id}: la richiesta ${request.id} è ${request.status}`);
      }
      const offer: Offer = validate(
        offerSchema,
        {
          ...draft,
          id,
          merchantId: merchant.uid,
          status: INITIAL_OFFER_STATUS,
          createdAt: at,
          updatedAt: at,
        },
        `${COLLECTIONS.offers}/${id}`,
      );
      tx.create(this.offer(id), toFirestore(offer));
    });
    return id;
  }

  async openConversation(
    merchant: Actor,
    input: NewConversationInput,
    { at, id }: At & { id: string },
  ): Promise<string> {
    const draft = validate(newConversationInputSchema, input, `conversazione ${id}`);
    if (draft.participants.merchantId !== merchant.uid) {
      throw new SeedValidationError(`conversazione ${id}: la apre il negozio dell'offerta`);
    }
    const conversation: Conversation = validate(
      conversationSchema,
      { ...draft, id, status: "active", createdAt: at, updatedAt: at },
      `${COLLECTIONS.conversations}/${id}`,
    );
    await this.db.collection(COLLECTIONS.conversations).doc(id).create(toFirestore(conversation));
    return id;
  }

  async sendMessage(sender: Actor, input: NewMessageInput, { at }: At): Promise<string> {
    const draft = validate(newMessageInputSchema, input, `messaggio in ${input.conversationId}`);
    const conversationRef = this.db.collection(COLLECTIONS.conversations).doc(draft.conversationId);
    const messageRef = conversationRef.collection(COLLECTIONS.messages).doc();
    await this.db.runTransaction(async (tx) => {
      const conversation = await this.read(tx, conversationRef, conversationSchema);
      const { customerId, merchantId } = conversation.participants;
      if (sender.uid !== customerId && sender.uid !== merchantId) {
        throw new SeedValidationError(`${conversationRef.path}: ${sender.uid} non partecipa`);
      }
      const message: Message = validate(
        messageSchema,
        {
          ...draft,
          id: messageRef.id,
          senderId: sender.uid,
          type: "text",
          readBy: [sender.uid],
          createdAt: at,
        },
        messageRef.path,
      );
      const next = validate(
        conversationSchema,
        {
          ...conversation,
          lastMessage: { content: message.content, senderId: sender.uid, timestamp: at },
          updatedAt: at,
        },
        conversationRef.path,
      );
      tx.create(messageRef, toFirestore(message));
      tx.set(conversationRef, toFirestore(next));
    });
    return messageRef.id;
  }

  /** What `acceptOffer` does: offer accepted, request in_progress, every other pending offer rejected. */
  async acceptOffer(customer: Actor, input: AcceptOfferInput, { at }: At): Promise<void> {
    const { offerId } = validate(acceptOfferInputSchema, input, "acceptOffer");
    await this.db.runTransaction(async (tx) => {
      const offerRef = this.offer(offerId);
      const offer = await this.read(tx, offerRef, offerSchema);
      const requestRef = this.request(offer.requestId);
      const request = await this.read(tx, requestRef, requestSchema);
      if (request.customerId !== customer.uid)
        throw new SeedValidationError(`${requestRef.path}: non è di ${customer.uid}`);
      const others = await tx.get(
        this.db
          .collection(COLLECTIONS.offers)
          .where("requestId", "==", request.id)
          .where("status", "==", "pending"),
      );
      ensure(assertOfferTransition(offer.status, "accepted"), offerRef.path);
      ensure(assertRequestTransition(request.status, "in_progress"), requestRef.path);
      tx.set(
        offerRef,
        toFirestore(
          validate(
            offerSchema,
            { ...offer, status: "accepted", acceptedAt: at, updatedAt: at },
            offerRef.path,
          ),
        ),
      );
      tx.set(
        requestRef,
        toFirestore(
          validate(
            requestSchema,
            { ...request, status: "in_progress", acceptedOfferId: offer.id, updatedAt: at },
            requestRef.path,
          ),
        ),
      );
      for (const other of others.docs) {
        if (other.id === offer.id) continue;
        const pending = validate(
          offerSchema,
          { ...(fromFirestore(other.data()) as object), id: other.id },
          other.ref.path,
        );
        tx.set(other.ref, toFirestore(this.rejected(pending, at, undefined)));
      }
    });
  }

  private rejected(offer: Offer, at: Date, reason: string | undefined): Offer {
    const path = `${COLLECTIONS.offers}/${offer.id}`;
    ensure(assertOfferTransition(offer.status, "rejected" satisfies OfferStatus), path);
    return validate(
      offerSchema,
      { ...offer, status: "rejected", rejectedAt: at, rejectionReason: reason, updatedAt: at },
      path,
    );
  }

  async rejectOffer(customer: Actor, input: RejectOfferInput, { at }: At): Promise<void> {
    const { offerId, reason } = validate(rejectOfferInputSchema, input, "rejectOffer");
    await this.db.runTransaction(async (tx) => {
      const offerRef = this.offer(offerId);
      const offer = await this.read(tx, offerRef, offerSchema);
      const request = await this.read(tx, this.request(offer.requestId), requestSchema);
      if (request.customerId !== customer.uid)
        throw new SeedValidationError(`${offerRef.path}: non è per ${customer.uid}`);
      tx.set(offerRef, toFirestore(this.rejected(offer, at, reason)));
    });
  }

  /** What `completeTransaction` does: request completed and rated, merchant's running mean updated. */
  async completeTransaction(customer: Actor, input: CompleteTransactionInput, { at }: At): Promise<void> {
    const { requestId, rating, feedback } = validate(
      completeTransactionInputSchema,
      input,
      "completeTransaction",
    );
    await this.db.runTransaction(async (tx) => {
      const requestRef = this.request(requestId);
      const request = await this.read(tx, requestRef, requestSchema);
      if (request.customerId !== customer.uid)
        throw new SeedValidationError(`${requestRef.path}: non è di ${customer.uid}`);
      ensure(assertRequestTransition(request.status, "completed" satisfies RequestStatus), requestRef.path);
      if (!request.acceptedOfferId)
        throw new SeedValidationError(`${requestRef.path}: nessuna offerta accettata`);
      const offerRef = this.offer(request.acceptedOfferId);
      const offer = await this.read(tx, offerRef, offerSchema);
      const merchantRef = this.db.collection(COLLECTIONS.users).doc(offer.merchantId);
      const merchant = await this.read(tx, merchantRef, userSchema);

      const total = (merchant.totalRatings ?? 0) + 1;
      const average = ((merchant.averageRating ?? 0) * (total - 1) + rating) / total;
      const nextMerchant = validate(
        userSchema,
        {
          ...merchant,
          averageRating: average,
          totalRatings: total,
          successfulMatches: (merchant.successfulMatches ?? 0) + 1,
          updatedAt: at,
        },
        merchantRef.path,
      );
      const profileRef = this.db.collection(COLLECTIONS.profiles).doc(offer.merchantId);
      tx.set(
        requestRef,
        toFirestore(
          validate(
            requestSchema,
            {
              ...request,
              status: "completed",
              completedAt: at,
              completedOfferId: offer.id,
              customerRating: rating,
              customerFeedback: feedback,
              updatedAt: at,
            },
            requestRef.path,
          ),
        ),
      );
      tx.set(
        offerRef,
        toFirestore(
          validate(
            offerSchema,
            { ...offer, customerRating: rating, customerFeedback: feedback, ratedAt: at, updatedAt: at },
            offerRef.path,
          ),
        ),
      );
      tx.set(merchantRef, toFirestore(nextMerchant, true));
      tx.set(
        profileRef,
        toFirestore(validate(publicProfileSchema, toPublicProfile(nextMerchant), profileRef.path), true),
      );
    });
  }
}
