import { FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import { acceptOfferCall } from "../../functions/src/deals/accept-offer";
import { completeTransactionCall } from "../../functions/src/deals/complete-transaction";
import { conversationRef, type DealDeps, requestRef } from "../../functions/src/deals/deal-store";
import { rejectOfferCall } from "../../functions/src/deals/reject-offer";
import { countUnreadMessage, unreadCountsRef } from "../../functions/src/notifications/unread-counts";
import { submitOfferCall } from "../../functions/src/offers/submit-offer";
import { syncPublicProfile } from "../../functions/src/profiles/sync-profile";
import { fromFirestore, userRef } from "../../functions/src/profiles/user-record";
import { closeRequestFor } from "../../functions/src/requests/request-actions";
import { decideShopReviewFor } from "../../functions/src/shops/shop-reviews";
import { SimulatedVies } from "../../functions/src/shops/simulated-vies";
import { verifyShopCall } from "../../functions/src/shops/verify-shop";
import type {
  AcceptOfferInput,
  CompleteTransactionInput,
  RejectOfferInput,
  SubmitOfferInput,
} from "../../src/domain/boundary/callables";
import {
  COLLECTIONS,
  REQUEST_FIELDS,
  REQUEST_PRIVATE_LOCATION_ID,
  SUBCOLLECTIONS,
} from "../../src/domain/core/collections";
import { acceptedTermsOf } from "../../src/domain/marketplace/accepted-terms";
import { conversationSchema, isParticipant } from "../../src/domain/marketplace/conversation";
import { shopHoldTerms } from "../../src/domain/marketplace/deal-end";
import type { NewMessageInput } from "../../src/domain/marketplace/message";
import { buildMessageWrite } from "../../src/domain/marketplace/message-document";
import { offerSchema } from "../../src/domain/marketplace/offer";
import type { NewRequestInput } from "../../src/domain/marketplace/request";
import { buildRequestDocument } from "../../src/domain/marketplace/request-document";
import { unreadWrites } from "../../src/domain/notifications/unread-counts";
import { userDocument } from "./app-documents";
import type { Actor, At, MarketplaceWriter, Persona, SentOffer } from "./writer";

/** The scenario's time, where the app would put a server timestamp. */
function clock(at: Date): () => Timestamp {
  const timestamp = Timestamp.fromDate(at);
  return () => timestamp;
}

export class SeedActionError extends Error {
  override name = "SeedActionError";
}

/** A refusal from the product's code names the action it refused, so a broken scenario says where. */
async function step<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SeedActionError) throw error;
    throw new SeedActionError(`${action}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** Who approved the demo shops, as shopReviews/{uid}.decidedBy records it. */
const SEED_REVIEWER = "seed";

/**
 * Plays the scenario against Firestore as the admin (the rules do not apply), through the product's
 * own code wherever the product has it: the callables' transactions (submitOffer, acceptOffer,
 * rejectOffer, completeTransaction) run here with this database and the scenario's clock, and the
 * public profile is projected by syncProfile's transaction. What the app writes itself (requests,
 * messages, cancelling) is built by the domain's document builders, the ones the app
 * uses, with the scenario's time where the app puts a server timestamp; the refusals the rules would
 * make (not the owner, not a participant, not active) are checked before writing. The user document
 * of an account in use is assembled in ./app-documents.ts.
 */
export class AdminSeedWriter implements MarketplaceWriter {
  constructor(
    private readonly db: Firestore,
    private readonly createAuthAccount: (persona: Persona) => Promise<void>,
  ) {}

  /** The deals see the scenario's time as their clock. */
  private deal(at: Date): DealDeps {
    return { db: this.db, now: () => at };
  }

  async createAccount(persona: Persona, { at }: At): Promise<Actor> {
    await this.createAuthAccount(persona);
    await userRef(this.db, persona.uid).create(
      userDocument(persona, Timestamp.fromDate(at), Timestamp.now()),
    );
    // The app calls syncProfile after sign-up and after each profile edit.
    await syncPublicProfile(this.db, persona.uid);
    if (persona.partitaIva) await step("verifyShop", () => this.verifyShop(persona, at));
    return {
      uid: persona.uid,
      name: persona.businessName ?? persona.displayName,
      userType: persona.userType,
    };
  }

  /**
   * A shop verifies itself through verifyShop's own checks (its Auth account's e-mail is proved; the
   * simulated VIES answers), then the pilot's review approves it as an admin would, through the same
   * code (the demo shops are told nothing: no e-mail for them).
   */
  private async verifyShop(persona: Persona, at: Date): Promise<void> {
    const input = {
      businessName: persona.businessName,
      partitaIva: persona.partitaIva,
      address: persona.location.address,
      position: { lat: persona.location.lat, lng: persona.location.lng, zone: persona.location.zone },
      categories: persona.preferredCategories,
    };
    await verifyShopCall(persona.uid, input, {
      db: this.db,
      now: () => at,
      emailProven: async () => true,
      vies: new SimulatedVies(),
    });
    await decideShopReviewFor(
      SEED_REVIEWER,
      { uid: persona.uid, decision: "approve" },
      { db: this.db, now: () => at, mail: { send: async () => {} } },
    );
  }

  async publishRequest(
    customer: Actor,
    input: NewRequestInput,
    { at, id }: At & { id: string },
  ): Promise<string> {
    // As algoChat publishes: the public document and the buyer's exact location, together.
    const { document, privateLocation } = buildRequestDocument(
      { customerId: customer.uid, request: input, publishedAt: at },
      clock(at),
    );
    const ref = requestRef(this.db, id);
    const batch = this.db.batch();
    batch.create(ref, document);
    batch.create(
      ref.collection(SUBCOLLECTIONS.requestPrivate).doc(REQUEST_PRIVATE_LOCATION_ID),
      privateLocation,
    );
    await batch.commit();
    return id;
  }

  async cancelRequest(customer: Actor, requestId: string, { at }: At): Promise<void> {
    // As the buyer's 'Chiudi la richiesta' does: closeRequest, its pending offers expiring with it.
    await step(`closeRequest ${requestId}`, () =>
      closeRequestFor(customer.uid, { requestId }, this.deal(at)),
    );
  }

  async sendOffer(merchant: Actor, input: SubmitOfferInput, { at }: At): Promise<SentOffer> {
    const sent = await step(`submitOffer ${input.requestId}`, () =>
      submitOfferCall(merchant.uid, input, this.deal(at)),
    );
    // The demo buyer has seen the seeded offers (their history), as opening the chat would record (the
    // app's clearing write, a merge); the unread counts are the seeded messages' (the bell keeps the
    // offers' notifications).
    const buyerId = String((await requestRef(this.db, input.requestId).get()).get(REQUEST_FIELDS.customerId));
    await unreadCountsRef(this.db, buyerId).set(unreadWrites.clear(sent.conversationId, FieldValue.delete), {
      merge: true,
    });
    return sent;
  }

  async sendMessage(sender: Actor, input: NewMessageInput, { at }: At): Promise<string> {
    const chatRef = conversationRef(this.db, input.conversationId);
    const messageRef = chatRef.collection(SUBCOLLECTIONS.messages).doc();
    const { message, conversationUpdate } = buildMessageWrite(sender.uid, input, clock(at));
    const recipientId = await this.db.runTransaction(async (tx) => {
      const snapshot = await tx.get(chatRef);
      const parsed = conversationSchema.safeParse({
        ...(fromFirestore(snapshot.data()) as object),
        id: snapshot.id,
      });
      if (!parsed.success || !isParticipant(parsed.data, sender.uid)) {
        throw new SeedActionError(`${chatRef.path}: ${sender.uid} is not a participant`);
      }
      tx.create(messageRef, message);
      tx.update(chatRef, conversationUpdate);
      const { customerId, merchantId } = parsed.data.participants;
      return sender.uid === customerId ? merchantId : customerId;
    });
    // Unread by the other side, as onMessageCreated counts it (which, on a running stack, also gets the
    // message and finds it counted).
    await countUnreadMessage(this.db, recipientId, {
      conversationId: input.conversationId,
      messageId: messageRef.id,
    });
    return messageRef.id;
  }

  async acceptOffer(customer: Actor, input: Pick<AcceptOfferInput, "offerId">, { at }: At): Promise<void> {
    await step(`acceptOffer ${input.offerId}`, async () => {
      // The buyer accepts what the app shows them: the offer as stored, the shop's address and hours.
      const stored = offerSchema
        .pick({ price: true, description: true, deliveryOptions: true, holdChoice: true, merchantId: true })
        .parse((await this.db.collection(COLLECTIONS.offers).doc(input.offerId).get()).data());
      const shop = (await this.db.collection(COLLECTIONS.profiles).doc(stored.merchantId).get()).get("shop");
      const terms = acceptedTermsOf(stored, shopHoldTerms(shop));
      return acceptOfferCall(customer.uid, { ...input, terms }, this.deal(at));
    });
  }

  async rejectOffer(customer: Actor, input: RejectOfferInput, { at }: At): Promise<void> {
    await step(`rejectOffer ${input.offerId}`, () => rejectOfferCall(customer.uid, input, this.deal(at)));
  }

  async completeTransaction(customer: Actor, input: CompleteTransactionInput, { at }: At): Promise<void> {
    // The demo accounts' e-mails are verified (seed.ts), so their ratings count.
    await step(`completeTransaction ${input.requestId}`, () =>
      completeTransactionCall(customer.uid, input, { ...this.deal(at), emailProven: async () => true }),
    );
  }
}
