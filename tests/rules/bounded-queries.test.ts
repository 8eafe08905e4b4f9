// Every list over requests, offers, conversations and messages is bounded (firestore.rules
// boundedQuery): a query without a limit, or above REQUEST_QUERY_LIMIT, is refused even when its filters
// name the caller; the same query with the app's limit is allowed. Count aggregations are judged by the
// same list rule (checked here in the emulator), so countMerchantOffers carries the limit too.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  doc,
  documentId,
  type Firestore,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  limitToLast,
  orderBy,
  type Query,
  query,
  startAfter,
  where,
} from "firebase/firestore";
import { beforeEach, describe, expect, it } from "vitest";
import { firestoreFeedExecutor } from "../../src/data/requests";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import {
  MERCHANT_ZONE_COUNT_CAP,
  MERCHANT_ZONE_RADIUS_KM,
  MESSAGE_PAGE_SIZE,
  REQUEST_QUERY_LIMIT,
} from "../../src/domain/core/limits";
import { requestGeoFields } from "../../src/domain/geo/geo-cover";
import { fetchNearbyPage } from "../../src/domain/geo/geo-feed";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  MILANO,
  SHOP,
  storedConversation,
  storedMessage,
  storedOffer,
  storedRequest,
} from "./fixtures";

const REQUEST = "bici";
const CHAT = offerIdFor(REQUEST, SHOP);

/** The query unbounded, above the bound, and with the bound: refused, refused, allowed. */
async function onlyBounded(unbounded: Query) {
  await assertFails(getDocs(unbounded));
  await assertFails(getDocs(query(unbounded, limit(REQUEST_QUERY_LIMIT + 1))));
  await assertSucceeds(getDocs(query(unbounded, limit(REQUEST_QUERY_LIMIT))));
}

describe("bounded queries", () => {
  const rules = useRulesEnvironment();

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.requests}/${REQUEST}`]: storedRequest(BUYER),
      [`${COLLECTIONS.offers}/${CHAT}`]: storedOffer(REQUEST, SHOP, BUYER),
      [`${COLLECTIONS.conversations}/${CHAT}`]: storedConversation(CHAT, REQUEST, BUYER, SHOP),
      [`${COLLECTIONS.conversations}/${CHAT}/${SUBCOLLECTIONS.messages}/m1`]: storedMessage(
        CHAT,
        SHOP,
        "merchant",
      ),
    });
  });

  const requests = (db: Firestore) => collection(db, COLLECTIONS.requests);
  const offers = (db: Firestore) => collection(db, COLLECTIONS.offers);
  const messages = (db: Firestore) =>
    collection(db, COLLECTIONS.conversations, CHAT, SUBCOLLECTIONS.messages);

  it("requests: the buyer's own (listCustomerRequests) and the merchant's active ones", async () => {
    await onlyBounded(
      query(requests(rules.as(BUYER)), where("customerId", "==", BUYER), orderBy("createdAt", "desc")),
    );
    // The shop's query names cells of its area (feed-area.test.ts): without them it is refused anyway.
    await onlyBounded(
      query(
        requests(rules.as(SHOP)),
        where("status", "==", "active"),
        where("gh4", "in", [requestGeoFields(MILANO).gh4]),
      ),
    );
  });

  it("offers: the merchant's (listMerchantOffers) and the buyer's (listCustomerOffers, listOffersForRequest)", async () => {
    await onlyBounded(
      query(offers(rules.as(SHOP)), where("merchantId", "==", SHOP), orderBy("createdAt", "desc")),
    );
    await onlyBounded(
      query(offers(rules.as(BUYER)), where("customerId", "==", BUYER), orderBy("createdAt", "desc")),
    );
    await onlyBounded(
      query(
        offers(rules.as(BUYER)),
        where("customerId", "==", BUYER),
        where("requestId", "==", REQUEST),
        orderBy("createdAt", "desc"),
      ),
    );
  });

  it("offer counts are bounded like lists: countMerchantOffers counts up to the limit", async () => {
    const mine = query(offers(rules.as(SHOP)), where("merchantId", "==", SHOP));
    await assertFails(getCountFromServer(mine));
    const counted = await assertSucceeds(getCountFromServer(query(mine, limit(REQUEST_QUERY_LIMIT))));
    expect(counted.data().count).toBe(1);
    await assertSucceeds(
      getCountFromServer(query(mine, where("status", "==", "pending"), limit(REQUEST_QUERY_LIMIT))),
    );
  });

  it("the buyer's counts and older pages are bounded too (countCustomerRequests, countCustomerOffers, /requests' pages)", async () => {
    const mine = query(requests(rules.as(BUYER)), where("customerId", "==", BUYER));
    const negotiations = query(mine, where("status", "in", ["in_progress", "matched"]));
    await assertFails(getCountFromServer(negotiations));
    await assertSucceeds(getCountFromServer(query(negotiations, limit(REQUEST_QUERY_LIMIT))));
    const received = query(offers(rules.as(BUYER)), where("customerId", "==", BUYER));
    await assertFails(getCountFromServer(received));
    const counted = await assertSucceeds(getCountFromServer(query(received, limit(REQUEST_QUERY_LIMIT))));
    expect(counted.data().count).toBe(1);
    // Another buyer's counts are refused, bounded or not.
    await assertFails(
      getCountFromServer(
        query(requests(rules.as(SHOP)), where("customerId", "==", BUYER), limit(REQUEST_QUERY_LIMIT)),
      ),
    );
    await onlyBounded(
      query(mine, orderBy("createdAt", "desc"), orderBy(documentId(), "desc"), startAfter(new Date(), "zzz")),
    );
  });

  it("conversations: each side's (readUserConversations)", async () => {
    await onlyBounded(
      query(
        collection(rules.as(BUYER), COLLECTIONS.conversations),
        where("participants.customerId", "==", BUYER),
        orderBy("updatedAt", "desc"),
      ),
    );
    await onlyBounded(
      query(
        collection(rules.as(SHOP), COLLECTIONS.conversations),
        where("participants.merchantId", "==", SHOP),
        orderBy("updatedAt", "desc"),
      ),
    );
  });

  it("messages: the thread's newest page (subscribeToMessages) and an older one (loadOlderMessages)", async () => {
    const db = rules.as(BUYER);
    await assertFails(getDocs(query(messages(db), orderBy("createdAt", "asc"))));
    const newest = query(messages(db), orderBy("createdAt", "desc"));
    await onlyBounded(newest);
    const cursor = await assertSucceeds(getDoc(doc(messages(db), "m1")));
    await assertSucceeds(getDocs(query(newest, startAfter(cursor), limit(MESSAGE_PAGE_SIZE))));
  });

  it("messages: what arrived after the chat's first read (subscribeToMessages with `after`)", async () => {
    const after = query(
      messages(rules.as(BUYER)),
      where("createdAt", ">", new Date(Date.now() - 60_000)),
      orderBy("createdAt", "asc"),
    );
    await assertFails(getDocs(after));
    await assertSucceeds(getDocs(query(after, limitToLast(MESSAGE_PAGE_SIZE))));
    await assertFails(getDocs(query(after, limitToLast(REQUEST_QUERY_LIMIT + 1))));
    // Not for someone outside the conversation, however bounded.
    const stranger = query(
      messages(rules.as("stranger")),
      where("createdAt", ">", new Date(0)),
      orderBy("createdAt", "asc"),
      limitToLast(MESSAGE_PAGE_SIZE),
    );
    await assertFails(getDocs(stranger));
  });

  it("the merchant feed at the dashboard's page of 50 asks for no more than the bound (firestoreFeedExecutor)", async () => {
    const page = await assertSucceeds(
      fetchNearbyPage(firestoreFeedExecutor(rules.liteAs(SHOP)), {
        center: MILANO,
        radiusKm: MERCHANT_ZONE_RADIUS_KM,
        pageSize: MERCHANT_ZONE_COUNT_CAP,
      }),
    );
    expect(page.items.map((item) => item.id)).toEqual([REQUEST]);
  });
});
