// firestore.rules for the marketplace (architecture §2): a merchant offers on active requests and edits
// a pending offer; every status change (closing, renewing, expiring, withdrawing…) belongs to functions. The
// app's own queries (src/data) must be allowed as they are: rules are not filters.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  type DocumentData,
  deleteDoc,
  doc,
  type Firestore,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
} from "firebase/firestore";
import { beforeEach, describe, expect, it } from "vitest";
import { OfferNotEditableError, saveOffer } from "../../src/data/offers";
import { firestoreFeedExecutor } from "../../src/data/requests";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { REQUEST_QUERY_LIMIT } from "../../src/domain/core/limits";
import { fetchNearbyPage } from "../../src/domain/geo/geo-feed";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import {
  INITIAL_OFFER_STATUS,
  INITIAL_REQUEST_STATUS,
  OFFER_STATUSES,
  REQUEST_STATUSES,
  type RequestStatus,
} from "../../src/domain/marketplace/state-machine";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  MILANO,
  newOfferFields,
  newRequestFields,
  OTHER_BUYER,
  OTHER_SHOP,
  SHOP,
  storedConversation,
  storedOffer,
  storedRequest,
} from "./fixtures";

// Request ids hold no "_": an offer's id is {requestId}_{merchantId}.
const ACTIVE = "bici"; // the buyer's, active
const IN_PROGRESS = "tavolo"; // the buyer's, an offer accepted
const OTHERS = "lampada"; // another buyer's, active

const LATER_STATUSES = REQUEST_STATUSES.filter((status) => status !== INITIAL_REQUEST_STATUS);
const SETTLED_OFFER_STATUSES = OFFER_STATUSES.filter((status) => status !== INITIAL_OFFER_STATUS);

const requestDoc = (db: Firestore, id: string) => doc(db, COLLECTIONS.requests, id);
const offerDoc = (db: Firestore, id: string) => doc(db, COLLECTIONS.offers, id);

describe("requests/{id}", () => {
  const rules = useRulesEnvironment();

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.requests}/${ACTIVE}`]: storedRequest(BUYER),
      [`${COLLECTIONS.requests}/${IN_PROGRESS}`]: storedRequest(BUYER, "in_progress"),
      [`${COLLECTIONS.requests}/${OTHERS}`]: storedRequest(OTHER_BUYER),
    });
  });

  describe("publishing", () => {
    const publish = (db: Firestore, fields: DocumentData) =>
      setDoc(doc(collection(db, COLLECTIONS.requests)), fields);

    // algoChat publishes (with the buyer's caps and a place); no client writes a request, however valid.
    it("a buyer cannot publish, not even their own valid request as algoChat builds it", async () => {
      await assertFails(publish(rules.as(BUYER), newRequestFields(BUYER)));
      await assertFails(setDoc(requestDoc(rules.as(BUYER), "nuova"), newRequestFields(BUYER)));
    });

    it("a merchant cannot publish a request", async () => {
      await assertFails(publish(rules.as(SHOP), newRequestFields(SHOP)));
    });

    it("a visitor cannot publish a request", async () => {
      await assertFails(publish(rules.anonymous(), newRequestFields("visitor")));
    });
  });

  describe("changing a request", () => {
    // What the client wrote before closeRequest: now a function's work (its pending offers expire too).
    const cancellation = () => ({
      status: "cancelled" satisfies RequestStatus,
      cancelledAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
    });

    it("not even the owner closes their active request from the client (closeRequest does)", async () => {
      await assertFails(updateDoc(requestDoc(rules.as(BUYER), ACTIVE), cancellation()));
      await assertFails(updateDoc(requestDoc(rules.as(BUYER), IN_PROGRESS), cancellation()));
    });

    it("nobody else cancels it", async () => {
      await assertFails(updateDoc(requestDoc(rules.as(OTHER_BUYER), ACTIVE), cancellation()));
      await assertFails(updateDoc(requestDoc(rules.as(SHOP), ACTIVE), cancellation()));
    });

    it.each(LATER_STATUSES)("the owner cannot move it to %s (functions do)", async (status) => {
      await assertFails(
        updateDoc(requestDoc(rules.as(BUYER), ACTIVE), { status, updatedAt: serverTimestamp() }),
      );
    });

    it("the owner cannot renew it (renewRequest does) nor reopen a deal (cancelDeal does)", async () => {
      const nextWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
      await assertFails(updateDoc(requestDoc(rules.as(BUYER), ACTIVE), { expiresAt: nextWeek }));
      await assertFails(
        updateDoc(requestDoc(rules.as(BUYER), IN_PROGRESS), {
          status: "active" satisfies RequestStatus,
          expiresAt: nextWeek,
          updatedAt: serverTimestamp(),
        }),
      );
    });

    it("the owner cannot complete or rate a request in progress", async () => {
      await assertFails(
        updateDoc(requestDoc(rules.as(BUYER), IN_PROGRESS), {
          status: "completed" satisfies RequestStatus,
          customerRating: 5,
          updatedAt: serverTimestamp(),
        }),
      );
    });

    it("the owner cannot edit a published request's content", async () => {
      await assertFails(
        updateDoc(requestDoc(rules.as(BUYER), ACTIVE), {
          productName: "Bici elettrica",
          updatedAt: serverTimestamp(),
        }),
      );
    });

    it("a merchant cannot change a request's status", async () => {
      await assertFails(
        updateDoc(requestDoc(rules.as(SHOP), ACTIVE), {
          status: "in_progress" satisfies RequestStatus,
          updatedAt: serverTimestamp(),
        }),
      );
    });

    it("nobody deletes a request, not even its owner", async () => {
      await assertFails(deleteDoc(requestDoc(rules.as(BUYER), ACTIVE)));
    });
  });

  describe("reading", () => {
    it("the owner reads their request, whatever its status", async () => {
      await assertSucceeds(getDoc(requestDoc(rules.as(BUYER), ACTIVE)));
      await assertSucceeds(getDoc(requestDoc(rules.as(BUYER), IN_PROGRESS)));
    });

    it("a merchant reads an active request", async () => {
      await assertSucceeds(getDoc(requestDoc(rules.as(SHOP), ACTIVE)));
    });

    it("a merchant does not read a request in progress they have no offer on", async () => {
      await assertFails(getDoc(requestDoc(rules.as(SHOP), IN_PROGRESS)));
    });

    it("a merchant reads a request in progress they made an offer on (their offers list)", async () => {
      await rules.seed({
        [`${COLLECTIONS.offers}/${offerIdFor(IN_PROGRESS, SHOP)}`]: storedOffer(
          IN_PROGRESS,
          SHOP,
          BUYER,
          "accepted",
        ),
      });
      await assertSucceeds(getDoc(requestDoc(rules.as(SHOP), IN_PROGRESS)));
    });

    it("another buyer does not read it", async () => {
      await assertFails(getDoc(requestDoc(rules.as(OTHER_BUYER), ACTIVE)));
    });

    it("a visitor does not read it", async () => {
      await assertFails(getDoc(requestDoc(rules.anonymous(), ACTIVE)));
    });
  });

  describe("the app's queries", () => {
    // src/data/requests.ts listCustomerRequests
    const customerRequests = (db: Firestore, customerId: string) =>
      getDocs(
        query(
          collection(db, COLLECTIONS.requests),
          where("customerId", "==", customerId),
          orderBy("createdAt", "desc"),
          limit(REQUEST_QUERY_LIMIT),
        ),
      );

    it("the buyer's own requests, newest first (listCustomerRequests)", async () => {
      const snapshot = await assertSucceeds(customerRequests(rules.as(BUYER), BUYER));
      expect(snapshot.docs.map((item) => item.id).sort()).toEqual([ACTIVE, IN_PROGRESS].sort());
    });

    it("the same query for another buyer's requests is refused", async () => {
      await assertFails(customerRequests(rules.as(BUYER), OTHER_BUYER));
    });

    it("the merchant feed runs every sub-query the app plans (firestoreFeedExecutor)", async () => {
      const page = await assertSucceeds(
        fetchNearbyPage(firestoreFeedExecutor(rules.liteAs(SHOP)), {
          center: MILANO,
          radiusKm: 10,
          pageSize: 20,
        }),
      );
      expect(page.items.map((item) => item.id).sort()).toEqual([ACTIVE, OTHERS].sort());
    });

    it("a buyer running the merchant feed is refused", async () => {
      await assertFails(
        fetchNearbyPage(firestoreFeedExecutor(rules.liteAs(BUYER)), {
          center: MILANO,
          radiusKm: 10,
          pageSize: 20,
        }),
      );
    });

    it("a merchant's query that does not filter on status == active is refused", async () => {
      const db = rules.as(SHOP);
      await assertFails(getDocs(query(collection(db, COLLECTIONS.requests), limit(REQUEST_QUERY_LIMIT))));
      await assertFails(
        getDocs(
          query(
            collection(db, COLLECTIONS.requests),
            where("status", "==", "in_progress" satisfies RequestStatus),
            limit(REQUEST_QUERY_LIMIT),
          ),
        ),
      );
    });
  });
});

describe("offers/{requestId}_{merchantId}", () => {
  const rules = useRulesEnvironment();
  const RIVAL_OFFER = offerIdFor(ACTIVE, OTHER_SHOP); // pending, on the buyer's active request
  const ACCEPTED_OFFER = offerIdFor(IN_PROGRESS, SHOP);

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.requests}/${ACTIVE}`]: storedRequest(BUYER),
      [`${COLLECTIONS.requests}/${IN_PROGRESS}`]: storedRequest(BUYER, "in_progress"),
      [`${COLLECTIONS.requests}/${OTHERS}`]: storedRequest(OTHER_BUYER),
      [`${COLLECTIONS.offers}/${RIVAL_OFFER}`]: storedOffer(ACTIVE, OTHER_SHOP, BUYER),
      [`${COLLECTIONS.offers}/${ACCEPTED_OFFER}`]: storedOffer(IN_PROGRESS, SHOP, BUYER, "accepted"),
    });
  });

  describe("making an offer", () => {
    it("no client creates an offer, not even a verified shop's valid one on an active request (submitOffer does)", async () => {
      await assertFails(
        setDoc(offerDoc(rules.as(SHOP), offerIdFor(ACTIVE, SHOP)), newOfferFields(ACTIVE, SHOP, BUYER)),
      );
      await assertFails(
        setDoc(
          offerDoc(rules.as(BUYER), offerIdFor(OTHERS, BUYER)),
          newOfferFields(OTHERS, BUYER, OTHER_BUYER),
        ),
      );
    });

    it("the app's saveOffer sends a new offer through submitOffer, then edits the pending offer directly", async () => {
      const db = rules.liteAs(SHOP);
      const id = offerIdFor(ACTIVE, SHOP);
      const ids = { offerId: id, conversationId: id };
      const input = {
        requestId: ACTIVE,
        merchantId: SHOP,
        form: { price: 180, description: "Revisionata", deliveryOptions: ["pickup", "delivery"] },
      } satisfies Parameters<typeof saveOffer>[0];
      const submitted: unknown[] = [];
      // Stands in for the callable: writes what submitOffer writes, as the admin.
      const submit = async (terms: unknown) => {
        submitted.push(terms);
        await rules.seed({
          [`${COLLECTIONS.offers}/${id}`]: storedOffer(ACTIVE, SHOP, BUYER),
          [`${COLLECTIONS.conversations}/${id}`]: storedConversation(id, ACTIVE, BUYER, SHOP),
        });
        return ids;
      };
      await expect(assertSucceeds(saveOffer(input, { db, submit }))).resolves.toEqual(ids);
      expect(submitted).toEqual([
        {
          requestId: ACTIVE,
          price: 180,
          description: "Revisionata",
          deliveryOptions: ["pickup", "delivery"],
          aiGenerated: false,
          // Where the offer came from (offer-origin.ts): the feed unless the form was opened otherwise.
          origin: "feed",
        },
      ]);
      await expect(
        assertSucceeds(
          saveOffer(
            { ...input, form: { ...input.form, price: 160, additionalNotes: "Casco incluso" } },
            { db, submit },
          ),
        ),
      ).resolves.toEqual(ids);
      expect(submitted).toHaveLength(1);
    });

    it("saveOffer refuses to change an offer that is no longer pending", async () => {
      const input = {
        requestId: IN_PROGRESS,
        merchantId: SHOP,
        form: { price: 1, description: "Ribasso", deliveryOptions: ["pickup"] },
      } satisfies Parameters<typeof saveOffer>[0];
      const submit = async () => {
        throw new Error("not called");
      };
      await expect(saveOffer(input, { db: rules.liteAs(SHOP), submit })).rejects.toBeInstanceOf(
        OfferNotEditableError,
      );
    });
  });

  describe("changing an offer", () => {
    it("the merchant changes what they offer while it is pending", async () => {
      await assertSucceeds(
        updateDoc(offerDoc(rules.as(OTHER_SHOP), RIVAL_OFFER), {
          price: 150,
          description: "Revisionata, con casco",
          updatedAt: serverTimestamp(),
        }),
      );
    });

    it.each(SETTLED_OFFER_STATUSES)("the merchant cannot set their offer %s", async (status) => {
      await assertFails(
        updateDoc(offerDoc(rules.as(OTHER_SHOP), RIVAL_OFFER), { status, updatedAt: serverTimestamp() }),
      );
    });

    it.each(SETTLED_OFFER_STATUSES)(
      "the buyer cannot set an offer %s (acceptOffer / rejectOffer do)",
      async (status) => {
        await assertFails(
          updateDoc(offerDoc(rules.as(BUYER), RIVAL_OFFER), { status, updatedAt: serverTimestamp() }),
        );
      },
    );

    it("neither side cancels an accepted deal from the client (cancelDeal does)", async () => {
      for (const who of [BUYER, SHOP]) {
        await assertFails(
          updateDoc(offerDoc(rules.as(who), ACCEPTED_OFFER), {
            status: "cancelled",
            cancelReason: "Ho trovato altrove",
            updatedAt: serverTimestamp(),
          }),
        );
      }
    });

    it("the buyer cannot rate an offer (completeTransaction does)", async () => {
      await assertFails(updateDoc(offerDoc(rules.as(BUYER), ACCEPTED_OFFER), { customerRating: 5 }));
    });

    it("an accepted offer no longer changes", async () => {
      await assertFails(
        updateDoc(offerDoc(rules.as(SHOP), ACCEPTED_OFFER), { price: 1, updatedAt: serverTimestamp() }),
      );
    });

    it("the merchant cannot move their offer to another request or buyer", async () => {
      const db = rules.as(OTHER_SHOP);
      await assertFails(
        updateDoc(offerDoc(db, RIVAL_OFFER), { requestId: OTHERS, updatedAt: serverTimestamp() }),
      );
      await assertFails(
        updateDoc(offerDoc(db, RIVAL_OFFER), { customerId: OTHER_BUYER, updatedAt: serverTimestamp() }),
      );
    });

    it("another merchant cannot change it", async () => {
      await assertFails(
        updateDoc(offerDoc(rules.as(SHOP), RIVAL_OFFER), { price: 1, updatedAt: serverTimestamp() }),
      );
    });

    it("nobody deletes an offer", async () => {
      await assertFails(deleteDoc(offerDoc(rules.as(OTHER_SHOP), RIVAL_OFFER)));
      await assertFails(deleteDoc(offerDoc(rules.as(BUYER), RIVAL_OFFER)));
    });
  });

  describe("reading", () => {
    it("the offer's merchant and the request's buyer read it", async () => {
      await assertSucceeds(getDoc(offerDoc(rules.as(OTHER_SHOP), RIVAL_OFFER)));
      await assertSucceeds(getDoc(offerDoc(rules.as(BUYER), RIVAL_OFFER)));
    });

    it("another merchant or buyer does not", async () => {
      await assertFails(getDoc(offerDoc(rules.as(SHOP), RIVAL_OFFER)));
      await assertFails(getDoc(offerDoc(rules.as(OTHER_BUYER), RIVAL_OFFER)));
    });

    it("a merchant looks up their own offer id before it exists (the make-offer page)", async () => {
      await assertSucceeds(getDoc(offerDoc(rules.as(SHOP), offerIdFor(ACTIVE, SHOP))));
    });

    it("but not a missing id of another merchant", async () => {
      await assertFails(getDoc(offerDoc(rules.as(SHOP), offerIdFor(OTHERS, "third-shop"))));
    });
  });

  describe("the app's queries", () => {
    it("the merchant's offers, newest first (listMerchantOffers)", async () => {
      const db = rules.as(OTHER_SHOP);
      const snapshot = await assertSucceeds(
        getDocs(
          query(
            collection(db, COLLECTIONS.offers),
            where("merchantId", "==", OTHER_SHOP),
            orderBy("createdAt", "desc"),
            limit(20),
          ),
        ),
      );
      expect(snapshot.docs.map((item) => item.id)).toEqual([RIVAL_OFFER]);
    });

    it("the merchant's offer counts, overall and by status (countMerchantOffers)", async () => {
      const offers = collection(rules.as(OTHER_SHOP), COLLECTIONS.offers);
      const mine = where("merchantId", "==", OTHER_SHOP);
      await assertSucceeds(getCountFromServer(query(offers, mine, limit(REQUEST_QUERY_LIMIT))));
      await assertSucceeds(
        getCountFromServer(
          query(offers, mine, where("status", "==", INITIAL_OFFER_STATUS), limit(REQUEST_QUERY_LIMIT)),
        ),
      );
    });

    it("the offers on one of the buyer's requests (listOffersForRequest)", async () => {
      await assertSucceeds(
        getDocs(
          query(
            collection(rules.as(BUYER), COLLECTIONS.offers),
            where("customerId", "==", BUYER),
            where("requestId", "==", ACTIVE),
            orderBy("createdAt", "desc"),
            limit(REQUEST_QUERY_LIMIT),
          ),
        ),
      );
    });

    it("every offer the buyer received (listCustomerOffers)", async () => {
      const snapshot = await assertSucceeds(
        getDocs(
          query(
            collection(rules.as(BUYER), COLLECTIONS.offers),
            where("customerId", "==", BUYER),
            orderBy("createdAt", "desc"),
            limit(REQUEST_QUERY_LIMIT),
          ),
        ),
      );
      expect(snapshot.size).toBe(2);
    });

    it("queries that do not name the caller are refused", async () => {
      const bound = limit(REQUEST_QUERY_LIMIT);
      await assertFails(
        getDocs(
          query(collection(rules.as(BUYER), COLLECTIONS.offers), where("requestId", "==", ACTIVE), bound),
        ),
      );
      await assertFails(
        getDocs(
          query(collection(rules.as(SHOP), COLLECTIONS.offers), where("merchantId", "==", OTHER_SHOP), bound),
        ),
      );
      await assertFails(getCountFromServer(query(collection(rules.as(SHOP), COLLECTIONS.offers), bound)));
    });
  });
});
