// firestore.rules for the shop's page (src/domain/people/shop-page.ts): the shop's phone and opening hours,
// which the owner writes on users/{uid} and syncProfile publishes on profiles/{uid}.shop, and the
// reviews profiles/{shopId}/reviews/{requestId}, which only completeTransaction writes.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
} from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { COLLECTIONS, REVIEW_FIELDS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { REQUEST_QUERY_LIMIT } from "../../src/domain/core/limits";
import { REVIEW_ANSWER_MAX_LENGTH, reviewAnswerUpdate } from "../../src/domain/people/review-answer";
import { profileUpdateDocument } from "../../src/domain/people/user-document";
import { useRulesEnvironment } from "./environment";
import { BUYER, EARLIER, OTHER_BUYER, OTHER_SHOP, SHOP, storedUser } from "./fixtures";

describe("the shop's phone and opening hours on users/{uid}", () => {
  const rules = useRulesEnvironment();
  const userDoc = (db: Firestore, uid: string) => doc(db, COLLECTIONS.users, uid);

  it("the shop saves them through the profile form's update (profileUpdateDocument)", async () => {
    await assertSucceeds(
      updateDoc(
        userDoc(rules.as(SHOP), SHOP),
        profileUpdateDocument(
          { phone: "+39 02 123 4567", openingHours: "Lun-Ven 9-19\nSab 9-13" },
          serverTimestamp,
        ),
      ),
    );
    // Emptied again: the page then says 'Telefono non indicato'.
    await assertSucceeds(
      updateDoc(
        userDoc(rules.as(SHOP), SHOP),
        profileUpdateDocument({ phone: "", openingHours: "" }, serverTimestamp),
      ),
    );
  });

  it("refuses a phone with letters or too long, hours over 300 characters, or a non-text value", async () => {
    const db = rules.as(SHOP);
    for (const change of [
      { phone: "chiamami" },
      { phone: "0".repeat(25) },
      { phone: 21234567 },
      { openingHours: "x".repeat(301) },
      { openingHours: ["Lun 9-19"] },
    ]) {
      await assertFails(updateDoc(userDoc(db, SHOP), { ...change, updatedAt: serverTimestamp() }));
    }
  });

  it("the shop saves its days and times (weeklyHours), and empties them", async () => {
    const db = rules.as(SHOP);
    await assertSucceeds(
      updateDoc(
        userDoc(db, SHOP),
        profileUpdateDocument(
          {
            weeklyHours: {
              mon: [{ open: "15:00", close: "19:30" }],
              tue: [
                { open: "09:30", close: "13:00" },
                { open: "15:00", close: "19:30" },
              ],
              sat: [{ open: "10:00", close: "24:00" }],
              sun: [],
            },
          },
          serverTimestamp,
        ),
      ),
    );
    await assertSucceeds(
      updateDoc(userDoc(db, SHOP), profileUpdateDocument({ weeklyHours: {} }, serverTimestamp)),
    );
  });

  it("refuses hours that are no days and times: unknown day, bad time, closing first, overlapping, three ranges", async () => {
    const db = rules.as(SHOP);
    const range = (open: string, close: string) => ({ open, close });
    for (const weeklyHours of [
      "Lun-Ven 9-19",
      { lunedi: [range("09:00", "19:00")] },
      { mon: [range("9:00", "19:00")] },
      { mon: [range("09:00", "24:30")] },
      { mon: [range("19:00", "09:00")] },
      { mon: [range("09:00", "13:00"), range("12:00", "19:00")] },
      { mon: [range("08:00", "10:00"), range("11:00", "12:00"), range("13:00", "14:00")] },
      { mon: [{ ...range("09:00", "13:00"), note: "x" }] },
      { mon: "09:00-19:00" },
    ]) {
      await assertFails(updateDoc(userDoc(db, SHOP), { weeklyHours, updatedAt: serverTimestamp() }));
    }
  });

  it("nobody sets another shop's phone", async () => {
    await assertFails(
      updateDoc(userDoc(rules.as(OTHER_SHOP), SHOP), { phone: "02 7654321", updatedAt: serverTimestamp() }),
    );
  });
});

describe("profiles/{shopId}/reviews", () => {
  const rules = useRulesEnvironment();
  const reviews = (db: Firestore) => collection(db, COLLECTIONS.profiles, SHOP, SUBCOLLECTIONS.reviews);
  const newest = (db: Firestore, max: number) =>
    query(reviews(db), orderBy(REVIEW_FIELDS.createdAt, "desc"), limit(max));

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.profiles}/${SHOP}`]: {
        uid: SHOP,
        displayName: "Mario Bianchi",
        businessName: "Bici & Co.",
        userType: "merchant",
        averageRating: 4,
        totalRatings: 1,
        shop: { address: "Via Roma 1, Milano", categories: ["sport"], phone: "02 1234567" },
      },
      [`${COLLECTIONS.profiles}/${SHOP}/${SUBCOLLECTIONS.reviews}/req-1`]: {
        rating: 4,
        comment: "Consegna puntuale",
        buyerFirstName: "Giulia",
        createdAt: EARLIER,
      },
    });
  });

  it("any signed-in user reads the shop's page and its newest reviews, a bounded page at a time", async () => {
    for (const uid of [BUYER, OTHER_BUYER, OTHER_SHOP, SHOP]) {
      const db = rules.as(uid);
      await assertSucceeds(getDoc(doc(db, COLLECTIONS.profiles, SHOP)));
      await assertSucceeds(getDocs(newest(db, 10)));
      await assertSucceeds(getDoc(doc(reviews(db), "req-1")));
    }
  });

  it("an unbounded or oversized list is refused", async () => {
    const db = rules.as(BUYER);
    await assertFails(getDocs(reviews(db)));
    await assertFails(getDocs(newest(db, REQUEST_QUERY_LIMIT + 1)));
  });

  it("a visitor who is not signed in reads nothing", async () => {
    const db = rules.anonymous();
    await assertFails(getDocs(newest(db, 10)));
    await assertFails(getDoc(doc(reviews(db), "req-1")));
  });

  it("nobody writes a review: not the buyer, not the shop (completeTransaction does)", async () => {
    for (const uid of [BUYER, SHOP]) {
      const db = rules.as(uid);
      await assertFails(
        setDoc(doc(reviews(db), "req-2"), {
          rating: 5,
          buyerFirstName: "Giulia",
          createdAt: serverTimestamp(),
        }),
      );
      await assertFails(updateDoc(doc(reviews(db), "req-1"), { rating: 5 }));
      await assertFails(deleteDoc(doc(reviews(db), "req-1")));
    }
  });
});

describe("'Risposta del negozio' on profiles/{shopId}/reviews/{id}", () => {
  const rules = useRulesEnvironment();
  const review = (db: Firestore, shopId = SHOP) =>
    doc(db, COLLECTIONS.profiles, shopId, SUBCOLLECTIONS.reviews, "req-1");
  const answer = (text: string, first: boolean) => reviewAnswerUpdate(text, first, serverTimestamp);

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.profiles}/${SHOP}/${SUBCOLLECTIONS.reviews}/req-1`]: {
        rating: 2,
        comment: "In ritardo",
        buyerFirstName: "Giulia",
        createdAt: EARLIER,
      },
    });
  });

  it("the reviewed shop answers once, then edits the text; a second first answer is refused", async () => {
    const db = rules.as(SHOP);
    await assertSucceeds(updateDoc(review(db), answer("Ci scusiamo del ritardo", true)));
    await assertSucceeds(updateDoc(review(db), answer("Ci scusiamo: il corriere era in ritardo", false)));
    await assertFails(updateDoc(review(db), answer("Una seconda risposta", true)));
    await assertFails(updateDoc(review(db), { answer: deleteField() }));
  });

  it("nobody else answers: not another shop, not the buyer", async () => {
    for (const uid of [OTHER_SHOP, BUYER, OTHER_BUYER]) {
      await assertFails(updateDoc(review(rules.as(uid)), answer("Non è vero", true)));
    }
  });

  it("the shop changes nothing but its answer, and no empty or overlong answer", async () => {
    const db = rules.as(SHOP);
    await assertFails(updateDoc(review(db), { ...answer("Grazie", true), rating: 5 }));
    await assertFails(updateDoc(review(db), { comment: "Tutto perfetto" }));
    await assertFails(updateDoc(review(db), answer("   ", true)));
    await assertFails(updateDoc(review(db), answer("x".repeat(REVIEW_ANSWER_MAX_LENGTH + 1), true)));
    await assertFails(
      updateDoc(review(db), { answer: { text: "Grazie", createdAt: EARLIER, updatedAt: serverTimestamp() } }),
    );
  });

  it("after 48 hours the answer stays as it is; after an admin removed one, no new answer", async () => {
    const written = Timestamp.fromDate(new Date(Date.now() - 49 * 60 * 60 * 1000));
    await rules.seed({
      [`${COLLECTIONS.profiles}/${SHOP}/${SUBCOLLECTIONS.reviews}/req-1`]: {
        rating: 2,
        buyerFirstName: "Giulia",
        createdAt: EARLIER,
        answer: { text: "Ci scusiamo", createdAt: written, updatedAt: written },
      },
      [`${COLLECTIONS.profiles}/${OTHER_SHOP}/${SUBCOLLECTIONS.reviews}/req-1`]: {
        rating: 1,
        buyerFirstName: "Luca",
        createdAt: EARLIER,
        answerRemovedAt: EARLIER,
      },
    });
    await assertFails(updateDoc(review(rules.as(SHOP)), answer("Ci scusiamo davvero", false)));
    await assertFails(updateDoc(review(rules.as(OTHER_SHOP), OTHER_SHOP), answer("Riprovo", true)));
  });

  it("a refused or suspended shop does not answer", async () => {
    await rules.seed({
      [`${COLLECTIONS.users}/${SHOP}`]: { ...storedUser(SHOP, "merchant"), suspendedAt: EARLIER },
    });
    await assertFails(updateDoc(review(rules.as(SHOP)), answer("Grazie", true)));
  });
});
